export {
  noPaymentProvider,
  PaymentsOffError,
  WebhookSignatureError,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentProvider,
  type PayoutAccountStatus,
} from './provider';
export { createStripeProvider, stripeClient, type StripeProviderOptions } from './stripe';
