import type { z } from 'zod';
import { GeocoderError } from './types';

export interface HttpOptions {
  /** Milliseconds before a request is given up (a geocoder answers in well under a second). */
  timeoutMs: number;
  /** Identifies the application, as Nominatim's policy requires of every client. */
  userAgent: string;
}

/**
 * GETs `url` and parses the JSON answer with `schema`. A slow answer is a `timeout`, a 429 is
 * `rate_limited`, any other failure status or a network error is `unavailable`, and an answer of
 * the wrong shape is `bad_answer`. The caller's `signal` aborts it too.
 */
export async function getJson<T>(
  url: URL,
  schema: z.ZodType<T>,
  http: HttpOptions,
  signal?: AbortSignal,
): Promise<T> {
  const timeout = AbortSignal.timeout(http.timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': http.userAgent },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (timeout.aborted) {
      throw new GeocoderError('timeout', `No answer from ${url.origin} in ${http.timeoutMs} ms.`);
    }
    if (signal?.aborted) throw error;
    throw new GeocoderError('unavailable', `${url.origin} could not be reached.`);
  }
  if (response.status === 429) {
    await response.body?.cancel();
    throw new GeocoderError('rate_limited', `${url.origin} asked us to slow down.`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new GeocoderError('unavailable', `${url.origin} answered ${response.status}.`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new GeocoderError('bad_answer', `${url.origin} answered something that is not JSON.`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new GeocoderError('bad_answer', `${url.origin} answered in an unexpected shape.`);
  }
  return parsed.data;
}

/** A URL under the configured base (which may have a path, e.g. https://host/photon/). */
export function endpoint(
  base: string,
  path: string,
  params: Record<string, string | number | undefined>,
) {
  const url = new URL(path.replace(/^\//, ''), base.endsWith('/') ? base : `${base}/`);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}
