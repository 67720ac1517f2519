/** Retries for storage requests: 5xx, 408, 429 and network errors; never any other 4xx. */

export interface RetryOptions {
  /** Attempts in all, the first included (default 5). */
  maxAttempts?: number;
  /** The first wait before jitter (default 250 ms); doubles each time. */
  baseDelayMs?: number;
  /** No backoff wait is longer than this (default 5000 ms). */
  maxDelayMs?: number;
  /**
   * The longest `Retry-After` waited for (default 30 s). The server's wait is honoured as
   * asked, never shortened; a longer one is not waited for: the answer goes to the caller.
   */
  maxRetryAfterMs?: number;
  /** Waits; replaceable so tests need not sleep for real. */
  sleep?: (ms: number) => Promise<void>;
  /** 0 <= random() < 1; replaceable for tests. */
  random?: () => number;
}

export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/**
 * The wait before retry number `retry` (1 for the first retry): "full jitter" over an
 * exponentially growing, capped window, so many clients do not retry in step.
 */
export function backoffDelay(
  retry: number,
  { baseDelayMs = 250, maxDelayMs = 5000, random = Math.random }: RetryOptions = {},
): number {
  const window = Math.min(maxDelayMs, baseDelayMs * 2 ** (retry - 1));
  return Math.round(window / 2 + random() * (window / 2));
}

/** A network failure (no HTTP answer at all): retried. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

/** A `Retry-After` header in ms: delay-seconds or an HTTP date (RFC 9110 §10.2.3); else null. */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` until it answers with a status that is not retryable, or attempts run out.
 * `attempt` resolves with anything that has a `status`, or throws; a thrown NetworkError (or
 * TypeError, which is what fetch throws when the connection fails) is retried, anything else
 * is passed on at once. A `Retry-After` (seconds or an HTTP date) is waited for as asked, up to
 * maxRetryAfterMs; an answer that asks for longer is returned as it is.
 */
export async function withRetry<T extends { status: number; retryAfter?: string | null }>(
  attempt: (attemptNumber: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const maxAttempts = options.maxAttempts ?? 5;
  const sleep = options.sleep ?? defaultSleep;
  for (let n = 1; ; n++) {
    let result: T | undefined;
    try {
      result = await attempt(n);
    } catch (error) {
      const network = error instanceof NetworkError || error instanceof TypeError;
      if (!network || n >= maxAttempts) throw error;
    }
    if (result && (!isRetryableStatus(result.status) || n >= maxAttempts)) return result;
    let delay = backoffDelay(n, options);
    const asked = retryAfterMs(result?.retryAfter);
    if (result && asked !== null) {
      if (asked > (options.maxRetryAfterMs ?? 30_000)) return result;
      delay = asked;
    }
    await sleep(delay);
  }
}
