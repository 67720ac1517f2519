import Stripe from 'stripe';
import {
  WebhookSignatureError,
  type PaymentEvent,
  type PaymentProvider,
  type PayoutAccountStatus,
} from './provider';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /**
   * Another address for Stripe's API (`http://127.0.0.1:12111`): the tests' local server that
   * answers as Stripe does. Production leaves it unset.
   */
  apiBase?: string;
}

/** The Stripe client of these options: the official SDK, pointed at `apiBase` when set. */
export function stripeClient({
  secretKey,
  apiBase,
}: Pick<StripeProviderOptions, 'secretKey' | 'apiBase'>) {
  const base = apiBase ? new URL(apiBase) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Parkside' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

function accountStatus(account: Stripe.Account): PayoutAccountStatus {
  return account.details_submitted && account.payouts_enabled && account.charges_enabled
    ? 'active'
    : 'pending';
}

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/**
 * Stripe: Checkout Sessions for payment, refunds on the payment intent, Express accounts and
 * transfers for host payouts (separate charges and transfers: the platform is paid, and pays
 * each host after the event). Every call that changes something carries an idempotency key.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = stripeClient(options);
  return {
    id: 'stripe',
    online: true,

    async createCheckout(request) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: request.bookingId,
          metadata: { bookingId: request.bookingId },
          payment_intent_data: { metadata: { bookingId: request.bookingId } },
          customer_email: request.customerEmail,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: request.amountCents,
                product_data: { name: request.description },
              },
            },
          ],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.ceil(request.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL.');
      return { sessionId: session.id, url: session.url };
    },

    async expireCheckout(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      if (session.status === 'complete') return 'complete';
      if (session.status === 'expired') return 'expired';
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return 'expired';
      } catch (error) {
        // Paid between the two calls: the session is no longer open.
        const again = await stripe.checkout.sessions.retrieve(sessionId);
        if (again.status === 'complete') return 'complete';
        if (again.status === 'expired') return 'expired';
        throw error;
      }
    },

    async refund({ paymentIntentId, amountCents, idempotencyKey }) {
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntentId, amount: amountCents, reason: 'requested_by_customer' },
        { idempotencyKey },
      );
      return { refundId: refund.id };
    },

    async createPayoutAccount({ userId, email, idempotencyKey }) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          email,
          metadata: { userId },
          capabilities: { transfers: { requested: true } },
        },
        { idempotencyKey },
      );
      return { accountId: account.id };
    },

    async payoutOnboardingUrl({ accountId, refreshUrl, returnUrl }) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        refresh_url: refreshUrl,
        return_url: returnUrl,
      });
      return link.url;
    },

    async payoutAccountStatus(accountId) {
      return accountStatus(await stripe.accounts.retrieve(accountId));
    },

    async transfer({ amountCents, destination, group, description, idempotencyKey }) {
      const transfer = await stripe.transfers.create(
        { amount: amountCents, currency: 'usd', destination, transfer_group: group, description },
        { idempotencyKey },
      );
      return { transferId: transfer.id };
    },

    parseWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch {
        throw new WebhookSignatureError();
      }
      return toPaymentEvent(event);
    },
  };
}

/** What every checkout event says: its session, and the booking it was opened for. */
function checkoutOf(id: string, session: Stripe.Checkout.Session) {
  return {
    id,
    sessionId: session.id,
    bookingId: session.metadata?.bookingId ?? session.client_reference_id ?? null,
  };
}

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      return {
        ...checkoutOf(event.id, session),
        type: 'checkout.completed',
        paymentIntentId: idOf(session.payment_intent),
        amountCents: session.amount_total ?? 0,
        paid: session.payment_status === 'paid',
      };
    }
    case 'checkout.session.expired':
      return { ...checkoutOf(event.id, event.data.object), type: 'checkout.expired' };
    case 'account.updated':
      return {
        id: event.id,
        type: 'account.updated',
        accountId: event.data.object.id,
        status: accountStatus(event.data.object),
      };
    default:
      return { id: event.id, type: 'ignored', providerType: event.type };
  }
}
