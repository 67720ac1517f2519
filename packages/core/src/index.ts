export { AppError, appErrorCodes, type AppErrorCode } from './app-error';
export type { SessionUser } from './session-user';
