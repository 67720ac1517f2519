/**
 * How Parkside takes money. The booking, refund and payout code talks to this interface only;
 * `none` (the default) takes nothing online and the driver pays the host on arrival, `stripe`
 * charges through Stripe Checkout, refunds through Stripe and pays hosts out with Connect.
 */

/** A host's payout account as the host sees it. */
export type PayoutAccountStatus = 'not_started' | 'pending' | 'active';

export interface CheckoutRequest {
  bookingId: string;
  amountCents: number;
  /** What the driver sees on the payment page, e.g. the driveway and the event. */
  description: string;
  customerEmail?: string;
  successUrl: string;
  cancelUrl: string;
  /** When the payment page stops taking payment (Stripe allows 30 minutes at the least). */
  expiresAt: Date;
  /** The same key returns the same payment page, however often the request is repeated. */
  idempotencyKey: string;
}

/** A webhook, reduced to what Parkside acts on. */
export type PaymentEvent =
  | {
      id: string;
      type: 'checkout.completed';
      sessionId: string;
      bookingId: string | null;
      paymentIntentId: string | null;
      amountCents: number;
      paid: boolean;
    }
  | { id: string; type: 'checkout.expired'; sessionId: string; bookingId: string | null }
  | { id: string; type: 'account.updated'; accountId: string; status: PayoutAccountStatus }
  | { id: string; type: 'ignored'; providerType: string };

export interface PaymentProvider {
  id: 'none' | 'stripe';
  /** True when drivers can pay online (bookings then hold their space until paid). */
  online: boolean;
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Closes a payment page; answers what it now is (it may have been paid a moment ago). */
  expireCheckout(sessionId: string): Promise<'expired' | 'complete'>;
  refund(request: {
    paymentIntentId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ refundId: string }>;
  createPayoutAccount(request: {
    userId: string;
    email: string;
    idempotencyKey: string;
  }): Promise<{ accountId: string }>;
  /** Where the host finishes setting up payouts (a one-time link). */
  payoutOnboardingUrl(request: {
    accountId: string;
    refreshUrl: string;
    returnUrl: string;
  }): Promise<string>;
  payoutAccountStatus(accountId: string): Promise<PayoutAccountStatus>;
  transfer(request: {
    amountCents: number;
    destination: string;
    /** Groups the transfers of one event. */
    group: string;
    description: string;
    idempotencyKey: string;
  }): Promise<{ transferId: string }>;
  /** Checks the signature and reads the event; throws WebhookSignatureError when it fails. */
  parseWebhook(rawBody: Buffer | string, signature: string | undefined): PaymentEvent;
}

export class WebhookSignatureError extends Error {
  constructor(message = 'The webhook signature is missing or wrong.') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export class PaymentsOffError extends Error {
  constructor() {
    super('Online payments are not set up on this server.');
    this.name = 'PaymentsOffError';
  }
}

const off = () => Promise.reject(new PaymentsOffError());

/** The default: nothing is charged online; every booking is due on arrival. */
export const noPaymentProvider: PaymentProvider = {
  id: 'none',
  online: false,
  createCheckout: off,
  expireCheckout: off,
  refund: off,
  createPayoutAccount: off,
  payoutOnboardingUrl: off,
  payoutAccountStatus: off,
  transfer: off,
  parseWebhook: () => {
    throw new PaymentsOffError();
  },
};
