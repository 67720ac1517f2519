export { appRouter, createCaller, type ApiCaller, type AppRouter } from './root';
export { createContext, type Context, type ContextOptions } from './context';
export { DEFAULT_SETTINGS, parseSettings, settingsSchema, type Settings } from './settings';
/** Turning any error into what a caller may see: status, public message, field errors. */
export * from './errors';
export type { EventPage } from './modules/event/event-search.service';
export type { EventSummary } from './shared/events';
export type { ManagedEvent } from './modules/event/managed-events.queries';
export type { Account } from './modules/account/account.service';
export {
  ADMIN_REQUIRED_MESSAGE,
  SIGN_IN_REQUIRED_MESSAGE,
  VERIFICATION_REQUIRED_MESSAGE,
} from './trpc';
export type { StorageMetrics } from './modules/storage/storage.service';
export { scheduledMailTasks } from './modules/notifications/scheduled-mail';
export { paymentTasks } from './modules/payment/payment-tasks';
export { geocodeTasks } from './modules/geocode/geocode.service';
export { handlePaymentEvent, HOLD_MINUTES } from './modules/payment/payment.service';
export {
  googleWalletObjectTask,
  passOfBooking,
  recordGoogleWalletObject,
  setGoogleWalletSync,
} from './modules/pass/google-wallet-sync.service';
export { v1Router, type V1Router } from './http-api/v1.router';
export { httpOperations, openApiDocument, type HttpOperation } from './http-api/document';
export { webhookDeliverTask, webhookTasks } from './modules/webhook/webhook-tasks';
