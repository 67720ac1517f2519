/**
 * POST /webhooks/stripe: Stripe's events. The signature over the raw body is checked with the
 * SDK (400 when it fails), each event is handled once however often it arrives (decision 030),
 * and without Stripe keys the endpoint answers 503. Errors say nothing about internals.
 */
import { handlePaymentEvent } from '@parkside/api';
import { WebhookSignatureError } from '@parkside/payments';
import express, { type RequestHandler } from 'express';
import type { Services } from './services';

export function stripeWebhookRoute(services: Services): RequestHandler[] {
  return [
    express.raw({ type: () => true, limit: '512kb' }),
    (req, res) => {
      const { payments } = services;
      if (payments.id !== 'stripe') {
        res.status(503).json({ error: 'Online payments are not set up on this server.' });
        return;
      }
      let event;
      try {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        event = payments.parseWebhook(body, req.get('stripe-signature'));
      } catch (error) {
        const known = error instanceof WebhookSignatureError;
        res.status(400).json({ error: known ? error.message : 'This is not a Stripe event.' });
        return;
      }
      handlePaymentEvent(services.db, event, services.settings.publicUrl).then(
        (outcome) => res.json({ received: true, outcome }),
        (error: unknown) => {
          console.error(
            `Stripe event ${event.id} (${event.type}) failed:`,
            error instanceof Error ? error.message : error,
          );
          // Stripe tries again later; the event is not recorded, so the retry is handled.
          res.status(500).json({ error: 'The event could not be handled; try again.' });
        },
      );
    },
  ];
}
