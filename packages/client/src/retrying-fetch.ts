/**
 * The fetch under the client: a timeout per attempt, and retries that never repeat a change the
 * server may have made. Queries (GET) are retried on 408, 429, 5xx and network failures;
 * mutations (POST) only on 429 (refused before anything ran) and on a connection that was never
 * made. Other 4xx answers are final. A `Retry-After` in seconds is honoured.
 */
export interface RetryOptions {
  /** Milliseconds one attempt may take (default 30 s). */
  timeoutMs?: number;
  /** Attempts after the first (default 3). */
  retries?: number;
  /** The first back-off without Retry-After, doubled each time (default 500 ms). */
  backoffMs?: number;
  /** The longest wait this client accepts from Retry-After (default 60 s). */
  maxWaitMs?: number;
  /** Told before each wait, e.g. to say "rate limited, waiting 12 s". */
  onRetry?: (info: { attempt: number; waitMs: number; reason: string }) => void;
  fetch?: typeof fetch;
}

const RETRYABLE_STATUS = (status: number) => status === 408 || status === 429 || status >= 500;
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET']);

/** Seconds or an HTTP date, as milliseconds; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function codeOf(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return cause?.code ?? (error as { code?: string })?.code;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function retryingFetch(options: RetryOptions = {}): typeof fetch {
  const {
    timeoutMs = 30_000,
    retries = 3,
    backoffMs = 500,
    maxWaitMs = 60_000,
    onRetry,
    fetch: baseFetch = globalThis.fetch,
  } = options;

  return async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const isQuery = method === 'GET';
    for (let attempt = 0; ; attempt += 1) {
      const signals = [AbortSignal.timeout(timeoutMs), init?.signal].filter(
        (signal): signal is AbortSignal => Boolean(signal),
      );
      let reason: string;
      let waitMs = backoffMs * 2 ** attempt;
      try {
        const response = await baseFetch(input, { ...init, signal: AbortSignal.any(signals) });
        const retryable = isQuery ? RETRYABLE_STATUS(response.status) : response.status === 429;
        if (!retryable || attempt >= retries) return response;
        const asked = retryAfterMs(response.headers.get('retry-after'));
        if (asked !== null) {
          if (asked > maxWaitMs) return response;
          waitMs = asked;
        }
        reason = `HTTP ${response.status}`;
        await response.body?.cancel();
      } catch (error) {
        if (init?.signal?.aborted) throw error;
        const timedOut = (error as Error).name === 'TimeoutError';
        const neverConnected = NEVER_CONNECTED.has(codeOf(error) ?? '');
        const retryable = isQuery ? true : neverConnected && codeOf(error) !== 'ECONNRESET';
        if (!retryable || attempt >= retries) {
          if (timedOut)
            throw new Error(`No answer within ${timeoutMs / 1000} s.`, { cause: error });
          throw error;
        }
        reason = timedOut ? 'timeout' : (codeOf(error) ?? 'network error');
      }
      onRetry?.({ attempt: attempt + 1, waitMs, reason });
      await sleep(waitMs);
    }
  };
}
