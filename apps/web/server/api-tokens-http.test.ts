/**
 * API tokens on /api/trpc over HTTP (decision 025), on two app servers sharing one database:
 * who a token is, what its scopes allow, when it is refused, and its rate limit.
 */
import { createCaller, createContext } from '@parkside/api';
import { testUser } from '@parkside/api/testing';
import { SESSION_COOKIE_NAME } from '@parkside/auth';
import type { SessionUser } from '@parkside/core';
import { admins, apiTokens, seedDemoData, users } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import type { ApiTokenCreateInput } from '@parkside/validators';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEARER_MESSAGES } from './api-caller';
import { startTestServer, type TestServer } from './test-server';

let handle: TestDatabase;
const servers: TestServer[] = [];
const stopListening: (() => Promise<void>)[] = [];
/** Two app servers on the same database. */
const bases: string[] = [];

const person = (id: string, isAdmin = false) => testUser(id, { name: `Tess ${id}`, isAdmin });
const driver = person('token-driver');
const admin = person('token-admin', true);

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDemoData(handle.db);
  await handle.db.insert(users).values([driver, admin].map(({ isAdmin: _isAdmin, ...row }) => row));
  await handle.db.insert(admins).values({ email: admin.email });
  for (let i = 0; i < 2; i += 1) {
    // Each server keeps verified tokens while it listens for changes, as in production.
    const server = await startTestServer(handle.db, async (services) => {
      stopListening.push(await services.apiTokens.listen(handle));
    });
    servers.push(server);
    bases.push(server.base);
  }
});

afterAll(async () => {
  for (const stop of stopListening) await stop();
  await Promise.all(servers.map((server) => server.close()));
  await handle?.close();
});

async function makeToken(owner: SessionUser, input: Partial<ApiTokenCreateInput> = {}) {
  const api = createCaller(createContext({ db: handle.db, user: owner }));
  return api.apiToken.create({ name: 'Script', scopes: ['read'], ...input });
}

interface CallOptions {
  token?: string;
  server?: number;
  headers?: Record<string, string>;
}
/** A query (GET) or mutation (POST) the way any HTTP tool sends it: no cookie, no Origin. */
async function call(path: string, input: unknown, options: CallOptions & { post?: boolean } = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const base = bases[options.server ?? 0];
  const response = options.post
    ? await fetch(`${base}/api/trpc/${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(input),
      })
    : await fetch(
        `${base}/api/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
        { headers },
      );
  const body = (await response.json()) as {
    result?: { data: unknown };
    error?: { message: string; data: { code: string } };
  };
  return { status: response.status, body, headers: response.headers };
}

describe('a bearer token on /api/trpc', () => {
  it('acts as its owner, and marks itself used', async () => {
    const { secret, id } = await makeToken(driver);
    const me = await call('account.me', undefined, { token: secret });
    expect(me.status).toBe(200);
    expect(me.body.result!.data).toMatchObject({ email: driver.email, isAdmin: false });
    const [row] = await handle.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('changes things without an Origin header when its scope allows, and names a missing scope', async () => {
    const writer = await makeToken(driver, { scopes: ['read', 'messages:write'] });
    const sent = await call(
      'feedback.send',
      { feedbackText: 'Sent from a script.' },
      { token: writer.secret, post: true },
    );
    expect(sent.status).toBe(200);

    const reader = await makeToken(driver);
    const refused = await call(
      'feedback.send',
      { feedbackText: 'Sent from a script.' },
      { token: reader.secret, post: true },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error!.message).toBe('This API token lacks the "messages:write" scope.');
  });

  it('answers 401 to an unknown, malformed, revoked or expired token', async () => {
    const revoked = await makeToken(driver);
    await createCaller(createContext({ db: handle.db, user: driver })).apiToken.revoke({
      id: revoked.id,
    });
    const expired = await makeToken(driver, { expiresInDays: 1 });
    await handle.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expired.id));

    for (const token of [`pk_${'x'.repeat(32)}`, 'not-a-token', revoked.secret, expired.secret]) {
      const answer = await call('account.me', undefined, { token });
      expect(answer.status, token).toBe(401);
      expect(answer.body.error!.message).toBe(BEARER_MESSAGES.invalid);
    }
    const basic = await call('event.list', {}, { headers: { authorization: 'Basic abc' } });
    expect(basic.status).toBe(401);
    expect(basic.body.error!.message).toBe(BEARER_MESSAGES.malformed);
  });

  it('is refused by every server once revoked, even by one that had just verified it', async () => {
    const { secret, id } = await makeToken(driver);
    for (const server of [0, 1]) {
      expect((await call('account.me', undefined, { token: secret, server })).status).toBe(200);
    }
    // Revoked through the first server's API; the second had the token kept.
    await createCaller(createContext({ db: handle.db, user: driver })).apiToken.revoke({ id });
    const deadline = Date.now() + 2_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await call('account.me', undefined, { token: secret, server: 1 })).status;
      if (status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(status).toBe(401);
    expect((await call('account.me', undefined, { token: secret, server: 0 })).status).toBe(401);
  });

  it('refuses a request that carries both a token and the session cookie', async () => {
    const { secret } = await makeToken(driver);
    const both = await call('account.me', undefined, {
      token: secret,
      headers: { cookie: `${SESSION_COOKIE_NAME}=abc` },
    });
    expect(both.status).toBe(400);
    expect(both.body.error!.message).toBe(BEARER_MESSAGES.both);
  });

  it('still refuses a cookie call without an Origin header (CSRF)', async () => {
    const response = await fetch(`${bases[0]}/api/trpc/feedback.send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE_NAME}=abc` },
      body: JSON.stringify({ feedbackText: 'Forged' }),
    });
    expect(response.status).toBe(403);
  });

  it('holds the rate limit across two app servers, then answers 429 with Retry-After', async () => {
    const { secret } = await makeToken(admin, { rateLimitPerMinute: 6 });
    // The limit counts calls in the current minute; start right after a minute begins.
    const msIntoMinute = Date.now() % 60_000;
    if (msIntoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_500 - msIntoMinute));
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await call('event.list', {}, { token: secret, server: i % 2 })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    for (const server of [0, 1]) {
      const limited = await call('event.list', {}, { token: secret, server });
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(limited.body.error!.message).toMatch(/too many calls this minute/);
    }
  });

  it('counts every call of a batch against the limit', async () => {
    const { secret } = await makeToken(admin, { rateLimitPerMinute: 3 });
    const msIntoMinute = Date.now() % 60_000;
    if (msIntoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_500 - msIntoMinute));
    const batch = (n: number) =>
      fetch(
        `${bases[1]}/api/trpc/${Array(n).fill('event.list').join(',')}?batch=1&input=${encodeURIComponent(
          JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, {}]))),
        )}`,
        { headers: { authorization: `Bearer ${secret}` } },
      );
    expect((await batch(3)).status).toBe(200);
    expect((await batch(1)).status).toBe(429);
  });
});
