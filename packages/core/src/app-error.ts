/**
 * The one table from application error codes to tRPC codes and HTTP statuses. Services and the
 * auth flows throw `AppError`; the tRPC layer (packages/api) and the web app read this table and
 * nothing else. It sits below both, so auth does not depend on the API for it.
 */
export const appErrorCodes = {
  BAD_REQUEST: { trpc: 'BAD_REQUEST', status: 400 },
  UNAUTHORIZED: { trpc: 'UNAUTHORIZED', status: 401 },
  PAYMENT_REQUIRED: { trpc: 'PAYMENT_REQUIRED', status: 402 },
  FORBIDDEN: { trpc: 'FORBIDDEN', status: 403 },
  NOT_FOUND: { trpc: 'NOT_FOUND', status: 404 },
  CONFLICT: { trpc: 'CONFLICT', status: 409 },
  TOO_MANY_REQUESTS: { trpc: 'TOO_MANY_REQUESTS', status: 429 },
  INTERNAL: { trpc: 'INTERNAL_SERVER_ERROR', status: 500 },
  /** A service we depend on (the payment provider) did not answer; trying again may work. */
  UNAVAILABLE: { trpc: 'SERVICE_UNAVAILABLE', status: 503 },
} as const satisfies Record<string, { trpc: string; status: number }>;

export type AppErrorCode = keyof typeof appErrorCodes;

export class AppError extends Error {
  override readonly name = 'AppError';
  /** For TOO_MANY_REQUESTS: the seconds to wait, sent as `Retry-After`. */
  readonly retryAfterSeconds?: number;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, options);
    if (options?.retryAfterSeconds !== undefined) {
      this.retryAfterSeconds = Math.max(1, Math.ceil(options.retryAfterSeconds));
    }
  }

  /** A refusal for going too fast: every one says how long to wait (`Retry-After`). */
  static tooManyRequests(message: string, retryAfterSeconds: number): AppError {
    return new AppError('TOO_MANY_REQUESTS', message, { retryAfterSeconds });
  }
}
