/**
 * `@parkside/client`: the Parkside API from any script, typed by the router itself.
 *
 *   const parkside = createParksideClient({ url: 'https://parkside.example', token: 'pk_…' });
 *   const page = await parkside.event.list.query({ q: 'stadium' });
 *
 * The API speaks plain JSON (no transformer, so curl works as well): dates arrive as ISO
 * strings, and the types here say so (`Jsonify`).
 */
import type { AppRouter } from '@parkside/api';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { retryingFetch, type RetryOptions } from './retrying-fetch';

export { retryAfterMs, type RetryOptions } from './retrying-fetch';
export { TRPCClientError };
export type { AppRouter };

/** A value as it arrives over JSON: dates become ISO strings. */
export type Jsonify<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Jsonify<U>[]
    : T extends object
      ? { [K in keyof T]: Jsonify<T[K]> }
      : T;

/** Every procedure's input, e.g. `RouterInputs['event']['import']`. */
export type RouterInputs = inferRouterInputs<AppRouter>;
/** Every procedure's output as it arrives, e.g. `RouterOutputs['event']['list']`. */
export type RouterOutputs = Jsonify<inferRouterOutputs<AppRouter>>;

/** The tRPC client with each result typed as it arrives over JSON. */
type Honest<T> = {
  [K in keyof T]: T[K] extends { query: (...args: infer A) => Promise<infer O> }
    ? { query: (...args: A) => Promise<Jsonify<O>> }
    : T[K] extends { mutate: (...args: infer A) => Promise<infer O> }
      ? { mutate: (...args: A) => Promise<Jsonify<O>> }
      : Honest<T[K]>;
};
export type ParksideClient = Honest<ReturnType<typeof createTRPCClient<AppRouter>>>;

export interface ParksideClientOptions extends RetryOptions {
  /** The site's address, e.g. https://parkside.example (the API is at /api/trpc). */
  url: string;
  /** An API token, `pk_…`; without one, only public procedures answer. */
  token?: string;
  /** Calls made in the same tick go in one request, up to this many (default 20). */
  maxBatchSize?: number;
}

export function createParksideClient(options: ParksideClientOptions): ParksideClient {
  const { url, token, maxBatchSize = 20, ...retry } = options;
  const client = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: new URL('/api/trpc', url).toString(),
        maxItems: maxBatchSize,
        headers: () => (token ? { authorization: `Bearer ${token}` } : {}),
        fetch: retryingFetch(retry),
      }),
    ],
  });
  return client as unknown as ParksideClient;
}

/** The HTTP status and tRPC code of a failed call, when it came from the server. */
export function errorDetails(error: unknown): { status?: number; code?: string; message: string } {
  if (error instanceof TRPCClientError) {
    const data = error.data as { httpStatus?: number; code?: string } | undefined;
    return { status: data?.httpStatus, code: data?.code, message: error.message };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}
