import type { AppRouter } from '@parkside/api';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { serverForFile } from './test-server';

const site = serverForFile();

function get(path: string, input?: unknown) {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return fetch(`${site.server.base}/api/trpc/${path}${query}`);
}

describe('/api/trpc with @trpc/client', () => {
  it('lets an internal tool search events over HTTP', async () => {
    const client = createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${site.server.base}/api/trpc` })],
    });
    const page = await client.event.list.query({ q: 'stadium of fire' });
    expect(page.items.map((e) => e.title)).toEqual(['Stadium of Fire']);
    const event = await client.event.byId.query({ id: page.items[0]!.id });
    expect(event).toMatchObject({
      venueName: 'LaVell Edwards Stadium',
      timeZone: 'America/Denver',
    });
  });

  it('reports a missing event as NOT_FOUND', async () => {
    const client = createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${site.server.base}/api/trpc` })],
    });
    const failure = client.event.byId.query({ id: '00000000-0000-4000-8000-000000000000' });
    await expect(failure).rejects.toBeInstanceOf(TRPCClientError);
    await expect(failure).rejects.toMatchObject({ data: { code: 'NOT_FOUND', httpStatus: 404 } });
  });
});

describe('/api/trpc with plain HTTP', () => {
  it('returns the first page of upcoming events as JSON for a bare GET', async () => {
    const response = await get('event.list');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as { result: { data: { items: { startsAt: string }[] } } };
    const starts = body.result.data.items.map((e) => e.startsAt);
    expect(starts.length).toBe(12);
    expect([...starts].sort()).toEqual(starts);
  });

  it('answers a 10,000-character search with 400 and a clear message', async () => {
    const response = await get('event.list', { q: 'x'.repeat(10_000) });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string; data: unknown } };
    expect(body.error.message).toBe('q: Search must be at most 100 characters.');
    expect(JSON.stringify(body)).not.toContain('stack');
  });

  it('answers wrong types, unknown keys and broken JSON with 400, never 500', async () => {
    for (const input of [
      { q: 42 },
      { limit: 'ten' },
      { from: 'yesterday' },
      { limit: 5000 },
      'text',
      { drop: 1 },
    ]) {
      const response = await get('event.list', input);
      expect(response.status, JSON.stringify(input)).toBe(400);
      const body = (await response.json()) as { error: { message: string } };
      expect(body.error.message.length).toBeGreaterThan(5);
    }
    const broken = await fetch(`${site.server.base}/api/trpc/event.list?input=%7Bnot-json`);
    expect(broken.status).toBe(400);
  });

  it('takes control characters out of a search, and refuses them in text it would store', async () => {
    // PostgreSQL refuses U+0000 in text: unchecked, this was a 500.
    const search = await get('event.list', { q: 'stadium\u0000 of fire' });
    expect(search.status).toBe(200);
    const body = (await search.json()) as { result: { data: { items: { title: string }[] } } };
    expect(body.result.data.items.map((e) => e.title)).toEqual(['Stadium of Fire']);
    expect((await get('event.list', { q: '\u0000' })).status).toBe(200);
    expect((await get('event.bySlug', { slug: 'stadium-of-fire\u0000' })).status).toBe(400);
    const feedback = await fetch(`${site.server.base}/api/trpc/feedback.send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://parkside.test' },
      body: JSON.stringify({ feedbackText: 'Great\u0000 site', url: '/events' }),
    });
    expect(feedback.status).toBe(400);
    expect(JSON.stringify(await feedback.json())).toContain(
      'Remove the invisible control characters from this text and try again.',
    );
  });

  it('says how long to wait in Retry-After when it refuses too many calls', async () => {
    const send = () =>
      fetch(`${site.server.base}/api/trpc/feedback.send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site.server.base },
        body: JSON.stringify({ feedbackText: 'Hello from a busy visitor.' }),
      });
    let refused: Response | undefined;
    for (let i = 0; i < 10 && !refused; i += 1) {
      const response = await send();
      if (response.status === 429) refused = response;
      else expect(response.status).toBe(200);
    }
    expect(refused, 'the feedback limit refused a call').toBeDefined();
    const wait = Number(refused!.headers.get('retry-after'));
    expect(Number.isInteger(wait)).toBe(true);
    // Feedback allows 5 every 10 minutes.
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(600);
    const body = (await refused!.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/Please try again in/);
  });

  it('answers an unknown procedure with 404', async () => {
    expect((await get('event.nope')).status).toBe(404);
  });
});

describe('security headers', () => {
  it('sends a CSP with a fresh nonce on every response and no X-Powered-By', async () => {
    const [a, b] = await Promise.all([get('event.list'), get('event.list')]);
    const nonce = (r: Response) =>
      /'nonce-([^']+)'/.exec(r.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce(a)).toBeTruthy();
    expect(nonce(a)).not.toBe(nonce(b));
    expect(a.headers.get('x-powered-by')).toBeNull();
    expect(a.headers.get('x-content-type-options')).toBe('nosniff');
    expect(a.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('compresses large responses', async () => {
    const response = await fetch(
      `${site.server.base}/api/trpc/event.list?input=${encodeURIComponent('{"limit":50}')}`,
      {
        headers: { 'accept-encoding': 'gzip' },
      },
    );
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });
});
