/**
 * The Stripe provider, on the official SDK, against the local server that answers as Stripe's
 * API does; webhook signatures are made by the SDK's own test helper.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeProvider } from './stripe';
import { WebhookSignatureError, type PaymentEvent } from './provider';
import { startStripeTestServer, type StripeTestServer } from './testing/stripe-server';

const webhookSecret = 'whsec_test_provider';
let stripe: StripeTestServer;
let receiver: Server;
const received: PaymentEvent[] = [];
const provider = () =>
  createStripeProvider({ secretKey: 'sk_test_123', webhookSecret, apiBase: stripe.url });

beforeAll(async () => {
  stripe = await startStripeTestServer({ webhookSecret });
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        received.push(
          provider().parseWebhook(
            Buffer.concat(chunks),
            req.headers['stripe-signature'] as string | undefined,
          ),
        );
        res.writeHead(200).end();
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  stripe.setWebhookUrl(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`);
});

afterAll(async () => {
  await stripe.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const checkout = (key: string, amountCents = 2500) =>
  provider().createCheckout({
    bookingId: 'b1',
    amountCents,
    description: 'Parking: Oak Lane',
    successUrl: 'http://site/booking-success?bookingId=b1',
    cancelUrl: 'http://site/cancel',
    expiresAt: new Date(Date.now() + 31 * 60_000),
    idempotencyKey: key,
  });

describe('the Stripe provider', () => {
  it('opens one Checkout Session per key, for the amount given', async () => {
    const first = await checkout('checkout:b1');
    const again = await checkout('checkout:b1');
    expect(again).toEqual(first);
    expect(stripe.sessions.get(first.sessionId)).toMatchObject({
      amount_total: 2500,
      metadata: { bookingId: 'b1' },
    });
    const call = stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(call.idempotencyKey).toBe('checkout:b1');
    expect(call.params['line_items[0][price_data][unit_amount]']).toBe('2500');
  });

  it('reads a signed completion and refuses a forged or unsigned one', async () => {
    const { sessionId } = await checkout('checkout:paid');
    expect(await stripe.completeCheckout(sessionId)).toBe(200);
    expect(received.at(-1)).toMatchObject({
      type: 'checkout.completed',
      sessionId,
      bookingId: 'b1',
      amountCents: 2500,
      paid: true,
    });
    const payload = JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed' });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(() => provider().parseWebhook(payload, forged)).toThrow(WebhookSignatureError);
    expect(() => provider().parseWebhook(payload, undefined)).toThrow(WebhookSignatureError);
  });

  it('expires an open session, and says so when it was paid first', async () => {
    const open = await checkout('checkout:expire');
    expect(await provider().expireCheckout(open.sessionId)).toBe('expired');
    expect(await provider().expireCheckout(open.sessionId)).toBe('expired');
    const paid = await checkout('checkout:late');
    await stripe.completeCheckout(paid.sessionId);
    expect(await provider().expireCheckout(paid.sessionId)).toBe('complete');
  });

  it('refunds once per key and never more than was paid', async () => {
    const { sessionId } = await checkout('checkout:refund', 3000);
    await stripe.completeCheckout(sessionId);
    const intent = stripe.sessions.get(sessionId)!.payment_intent!;
    const refund = { paymentIntentId: intent, amountCents: 3000, idempotencyKey: 'refund:b1' };
    const first = await provider().refund(refund);
    expect(await provider().refund(refund)).toEqual(first);
    expect(stripe.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1);
    await expect(
      provider().refund({ ...refund, amountCents: 1, idempotencyKey: 'refund:again' }),
    ).rejects.toThrow(/greater than the unrefunded/);
  });

  it('sets up a host’s payouts and pays them out', async () => {
    const p = provider();
    const { accountId } = await p.createPayoutAccount({
      userId: 'host-1',
      email: 'host@example.com',
      idempotencyKey: 'account:host-1',
    });
    expect(await p.payoutAccountStatus(accountId)).toBe('pending');
    const url = await p.payoutOnboardingUrl({
      accountId,
      refreshUrl: 'http://site/refresh',
      returnUrl: 'http://site/return',
    });
    expect(url).toContain(`/c/onboard/${accountId}`);
    await expect(
      p.transfer({
        amountCents: 100,
        destination: accountId,
        group: 'e1',
        description: 'x',
        idempotencyKey: 'payout:early',
      }),
    ).rejects.toThrow(/cannot receive/);
    await stripe.completeOnboarding(accountId);
    expect(received.at(-1)).toMatchObject({ type: 'account.updated', accountId, status: 'active' });
    expect(await p.payoutAccountStatus(accountId)).toBe('active');
    const transfer = {
      amountCents: 2125,
      destination: accountId,
      group: 'e1',
      description: 'Payout',
      idempotencyKey: 'payout:1',
    };
    const { transferId } = await p.transfer(transfer);
    expect((await p.transfer(transfer)).transferId).toBe(transferId);
    expect(stripe.transfers).toEqual([
      expect.objectContaining({ amount: 2125, destination: accountId }),
    ]);
  });
});
