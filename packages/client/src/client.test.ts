/**
 * The client against a local HTTP server that answers as /api/trpc does: what it retries, what
 * it never retries, how long it waits, and what it sends.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createParksideClient, errorDetails, retryAfterMs } from './index';

type Answer = {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  delayMs?: number;
};
let script: Answer[] = [];
let seen: IncomingMessage[] = [];
let server: Server;
let url: string;

const ok = (data: unknown): Answer => ({ status: 200, body: [{ result: { data } }] });
const failure = (status: number, code: string, headers?: Record<string, string>): Answer => ({
  status,
  headers,
  body: [
    { error: { message: `${code} happened`, code: -32000, data: { code, httpStatus: status } } },
  ],
});

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    req.resume();
    const answer = script.shift() ?? ok(null);
    setTimeout(() => {
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body ?? null));
    }, answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  script = [];
  seen = [];
});

const client = (
  extra: Parameters<typeof createParksideClient>[0] extends infer O ? Partial<O> : never = {},
) =>
  createParksideClient({ url, token: 'pk_test_token_0123456789abcdef', backoffMs: 10, ...extra });

describe('createParksideClient', () => {
  it('sends the token as a bearer header to /api/trpc, and no cookie', async () => {
    script = [ok({ email: 'ops@example.com' })];
    expect(await client().account.me.query()).toEqual({ email: 'ops@example.com' });
    expect(seen[0]!.url).toMatch(/^\/api\/trpc\/account\.me\?batch=1/);
    expect(seen[0]!.headers.authorization).toBe('Bearer pk_test_token_0123456789abcdef');
    expect(seen[0]!.headers.cookie).toBeUndefined();
  });

  it('waits as long as Retry-After says on 429, then succeeds', async () => {
    script = [failure(429, 'TOO_MANY_REQUESTS', { 'retry-after': '1' }), ok({ items: [] })];
    const waits: number[] = [];
    const started = Date.now();
    await client({ onRetry: ({ waitMs }) => waits.push(waitMs) }).event.list.query({});
    expect(waits).toEqual([1000]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(seen).toHaveLength(2);
  });

  it('retries a query on 5xx and 408, backing off', async () => {
    script = [failure(502, 'BAD_GATEWAY'), failure(408, 'TIMEOUT'), ok({ items: [] })];
    expect(await client().event.list.query({})).toEqual({ items: [] });
    expect(seen).toHaveLength(3);
  });

  it('gives up after its retries with the last error', async () => {
    script = Array.from({ length: 5 }, () => failure(503, 'SERVICE_UNAVAILABLE'));
    const error = await client({ retries: 2 })
      .event.list.query({})
      .catch((e: unknown) => e);
    expect(errorDetails(error)).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(seen).toHaveLength(3);
  });

  it('never retries other 4xx', async () => {
    for (const [status, code] of [
      [400, 'BAD_REQUEST'],
      [401, 'UNAUTHORIZED'],
      [403, 'FORBIDDEN'],
      [404, 'NOT_FOUND'],
    ] as const) {
      seen = [];
      script = [failure(status, code), ok(null)];
      const error = await client()
        .account.me.query()
        .catch((e: unknown) => e);
      expect(errorDetails(error)).toMatchObject({ status, code });
      expect(seen).toHaveLength(1);
    }
  });

  it('never repeats a change after a 5xx (it may have happened), but does after a 429', async () => {
    script = [failure(500, 'INTERNAL_SERVER_ERROR'), ok(null)];
    const input = { feedbackText: 'Hi' };
    await expect(client().feedback.send.mutate(input)).rejects.toBeTruthy();
    expect(seen).toHaveLength(1);

    seen = [];
    script = [failure(429, 'TOO_MANY_REQUESTS', { 'retry-after': '0' }), ok({ ok: true })];
    expect(await client().feedback.send.mutate(input)).toEqual({ ok: true });
    expect(seen).toHaveLength(2);
  });

  it('times out an attempt that takes too long, and retries a query', async () => {
    script = [{ ...ok(null), delayMs: 400 }, ok({ items: [] })];
    expect(await client({ timeoutMs: 150 }).event.list.query({})).toEqual({ items: [] });
    expect(seen).toHaveLength(2);
  });

  it('retries a server that is not there yet, then says so', async () => {
    const nobody = createParksideClient({ url: 'http://127.0.0.1:9', retries: 1, backoffMs: 10 });
    const error = await nobody.event.list.query({}).catch((e: unknown) => e);
    expect(errorDetails(error).message).toMatch(/fetch failed|ECONNREFUSED/);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('12')).toBe(12_000);
    expect(retryAfterMs(new Date(Date.now() + 5000).toUTCString(), Date.now())).toBeGreaterThan(
      3000,
    );
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs('soon')).toBeNull();
  });
});
