import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { guardedLookup, WebhookAddressError } from './addresses';
import { SIGNATURE_HEADER, signatureHeader } from './signature';

export interface WebhookPost {
  url: string;
  /** The JSON body, exactly as signed. */
  body: string;
  secret: string;
  eventId: string;
  allowPrivate: boolean;
  timeoutMs?: number;
  userAgent?: string;
}

/** What one attempt got: the status (null when no answer came) and the answer's first bytes. */
export interface WebhookAttempt {
  ok: boolean;
  statusCode: number | null;
  answer: string;
  durationMs: number;
}

/** How much of an answer is kept for the admin's page. */
export const ANSWER_EXCERPT_BYTES = 500;

/**
 * POSTs one signed delivery. A 2xx answer is a delivery; any other answer, a redirect (never
 * followed), a refused address, a timeout or a network error is an attempt to try again.
 */
export function postWebhook(post: WebhookPost): Promise<WebhookAttempt> {
  const started = performance.now();
  const url = new URL(post.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (statusCode: number | null, answer: string) => {
      if (settled) return;
      settled = true;
      resolve({
        ok: statusCode !== null && statusCode >= 200 && statusCode < 300,
        statusCode,
        answer: answer.slice(0, ANSWER_EXCERPT_BYTES),
        durationMs: Math.round(performance.now() - started),
      });
    };
    const request = send(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(post.allowPrivate) as never,
        timeout: post.timeoutMs ?? 10_000,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(post.body),
          'user-agent': post.userAgent ?? 'Parkside-Webhooks/1.0',
          [SIGNATURE_HEADER]: signatureHeader(post.secret, post.body),
          'parkside-event-id': post.eventId,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < ANSWER_EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
          if (size > 64 * 1024) response.destroy();
        });
        const done = () => {
          const status = response.statusCode ?? null;
          const location = response.headers.location;
          const text = Buffer.concat(chunks).toString('utf8');
          finish(
            status,
            status !== null && status >= 300 && status < 400 && location
              ? `Redirect to ${location} (not followed). ${text}`
              : text,
          );
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('timeout', () => {
      request.destroy();
      const timeoutMs = post.timeoutMs ?? 10_000;
      finish(
        null,
        `No answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}.`,
      );
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      finish(
        null,
        error instanceof WebhookAddressError
          ? error.message
          : `Could not connect: ${error.code ?? error.message}.`,
      );
    });
    request.end(post.body);
  });
}
