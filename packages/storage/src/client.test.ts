/**
 * The retrying client against a real HTTP server on loopback that fails in each way the spec
 * lists (5xx, 408, 429, dropped connections) and in one way it must not retry (400).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APP_CHECK_HEADER, StorageError, backoffDelay, createStorageClient } from './client';

let server: Server;
let base: string;
/**
 * What the server does next, per request: a status, 'drop' to cut the connection, or a 429
 * with its own Retry-After.
 */
let script: (number | 'drop' | { status: 429; retryAfter: string })[] = [];
let seen: { method: string; url: string; appCheck: string | undefined }[] = [];

const METADATA = { bucket: 'b', fullPath: 'users/u/a.png', name: 'a.png', size: 3 };

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({
      method: req.method!,
      url: req.url!,
      appCheck: req.headers[APP_CHECK_HEADER.toLowerCase()] as string | undefined,
    });
    req.resume();
    req.on('end', () => {
      const step = script.shift() ?? 200;
      if (step === 'drop') return req.socket.destroy();
      const next = typeof step === 'object' ? step.status : step;
      if (typeof step === 'object') res.setHeader('Retry-After', step.retryAfter);
      else if (next === 429) res.setHeader('Retry-After', '0');
      res.writeHead(next, { 'content-type': 'application/json' });
      res.end(
        next === 200
          ? JSON.stringify(METADATA)
          : JSON.stringify({ error: { code: next, message: `Failed with ${next}` } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(() => {
  script = [];
  seen = [];
});

function client(sleeps: number[] = [], maxAttempts = 5) {
  return createStorageClient({
    baseUrl: base,
    bucket: 'b',
    getAppCheckToken: () => 'app-check-token',
    retry: {
      maxAttempts,
      baseDelayMs: 100,
      maxDelayMs: 1000,
      // Record the waits instead of sleeping through them.
      sleep: async (ms) => void sleeps.push(ms),
    },
  });
}

describe('the retrying storage client', () => {
  for (const status of [500, 502, 503, 504, 408, 429]) {
    it(`retries a ${status} and then succeeds`, async () => {
      script = [status, status];
      const metadata = await client().getMetadata('users/u/a.png');
      expect(metadata).toEqual(METADATA);
      expect(seen).toHaveLength(3);
      expect(seen.every((r) => r.appCheck === 'app-check-token')).toBe(true);
    });
  }

  it('waits as long as a 429 asks in Retry-After, in seconds or as a date', async () => {
    const sleeps: number[] = [];
    script = [
      { status: 429, retryAfter: '3' },
      { status: 429, retryAfter: new Date(Date.now() + 10_000).toUTCString() },
    ];
    await expect(client(sleeps).getMetadata('users/u/a.png')).resolves.toEqual(METADATA);
    expect(sleeps[0]).toBe(3000);
    // A date is rounded to whole seconds: between 8 and 10 s from now.
    expect(sleeps[1]).toBeGreaterThan(8000);
    expect(sleeps[1]).toBeLessThanOrEqual(10_000);
  });

  it('hands back a 429 that asks for a longer wait than it will make, without retrying', async () => {
    const sleeps: number[] = [];
    script = [{ status: 429, retryAfter: '120' }];
    const failure = client(sleeps).getMetadata('users/u/a.png');
    await expect(failure).rejects.toBeInstanceOf(StorageError);
    await expect(failure).rejects.toMatchObject({ status: 429 });
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('retries a dropped connection (network error) and then succeeds', async () => {
    script = ['drop', 'drop'];
    await expect(client().getMetadata('users/u/a.png')).resolves.toEqual(METADATA);
    expect(seen).toHaveLength(3);
  });

  it('retries an upload, sending the whole multipart body each time', async () => {
    script = [503];
    const file = new Blob([new Uint8Array([0x89, 0x50, 0x4e])], { type: 'image/png' });
    await client().upload('users/u/a.png', file);
    expect(seen.map((r) => r.method)).toEqual(['POST', 'POST']);
    expect(seen[0]!.url).toBe('/v0/b/b/o?name=users%2Fu%2Fa.png');
  });

  it('never retries a 400, and reports the server’s message', async () => {
    script = [400];
    const failure = client().getMetadata('users/u/a.png');
    await expect(failure).rejects.toBeInstanceOf(StorageError);
    await expect(failure).rejects.toMatchObject({ status: 400, message: 'Failed with 400' });
    expect(seen).toHaveLength(1);
  });

  for (const status of [401, 402, 403, 404]) {
    it(`never retries a ${status}`, async () => {
      script = [status];
      await expect(client().delete('users/u/a.png')).rejects.toMatchObject({ status });
      expect(seen).toHaveLength(1);
    });
  }

  it('gives up after the last attempt, with growing, bounded waits', async () => {
    script = [500, 500, 500, 500, 500, 500];
    const sleeps: number[] = [];
    await expect(client(sleeps, 5).getMetadata('users/u/a.png')).rejects.toMatchObject({
      status: 500,
    });
    expect(seen).toHaveLength(5);
    expect(sleeps).toHaveLength(4);
    // Each wait lies in [window/2, window], window = 100, 200, 400, 800 ms (capped at 1000).
    [100, 200, 400, 800].forEach((window, i) => {
      expect(sleeps[i]).toBeGreaterThanOrEqual(window / 2);
      expect(sleeps[i]).toBeLessThanOrEqual(window);
    });
  });

  it('reports a server that stays unreachable as a connection problem', async () => {
    script = ['drop', 'drop', 'drop'];
    const failure = client([], 3).getMetadata('users/u/a.png');
    await expect(failure).rejects.toMatchObject({
      status: 0,
      message: 'Could not reach Parkside. Check your connection and try again.',
    });
    expect(seen).toHaveLength(3);
  });
});

describe('backoffDelay', () => {
  it('never exceeds the cap and spreads retries with jitter', () => {
    const options = { baseDelayMs: 250, maxDelayMs: 5000 };
    expect(backoffDelay(30, { ...options, random: () => 0.999 })).toBeLessThanOrEqual(5000);
    expect(backoffDelay(1, { ...options, random: () => 0 })).toBe(125);
    expect(backoffDelay(1, { ...options, random: () => 0.999 })).toBe(250);
  });
});
