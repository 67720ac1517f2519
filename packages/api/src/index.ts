export { appRouter, createCaller, type ApiCaller, type AppRouter } from './root';
export { createContext, type Context, type ContextOptions, type SessionUser } from './context';
export {
  AppError,
  appErrorCodes,
  describeFieldErrors,
  fieldErrorsOf,
  httpStatusOf,
  INTERNAL_ERROR_MESSAGE,
  publicMessageOf,
  type AppErrorCode,
} from './errors';
export type { EventPage, EventSummary } from './modules/event/event.service';
