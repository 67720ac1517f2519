export { AppError, appErrorCodes, type AppErrorCode } from './app-error';
export type { SessionUser } from './session-user';
export type { RequestToken } from './request-token';
export { createRateLimits, RATE_LIMITS, type RateLimitName, type RateLimits } from './rate-limits';
