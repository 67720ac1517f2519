/**
 * Bearer tokens verified by each app server (decision 025): kept a moment, dropped on every
 * server when PostgreSQL says the token or its owner changed, and counted against the token's
 * limit in batches that never let two servers together exceed it.
 */
import { admins, apiTokens, users } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiTokenVerifier } from './api-tokens';
import { hashToken } from './tokens';

let database: TestDatabase;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(users).values([
    { id: 'tool-owner', email: 'tool-owner@example.com', name: 'Olive Owner', emailVerified: true },
    { id: 'tool-admin', email: 'tool-admin@example.com', name: 'Ada Admin', emailVerified: true },
  ]);
  await database.db.insert(admins).values({ email: 'tool-admin@example.com' });
});

afterAll(async () => {
  for (const stop of stops) await stop();
  await database?.close();
});

async function makeToken(ownerId = 'tool-owner', rateLimitPerMinute = 600) {
  const secret = `pk_${randomBytes(24).toString('base64url')}`;
  const [row] = await database.db
    .insert(apiTokens)
    .values({
      name: 'Script',
      ownerId,
      scopes: ['read'],
      secretHash: hashToken(secret),
      rateLimitPerMinute,
    })
    .returning();
  return { secret, id: row!.id };
}

/** A verifier that listens for changes as an app server does. */
async function listeningVerifier(options: ConstructorParameters<typeof ApiTokenVerifier>[1] = {}) {
  const verifier = new ApiTokenVerifier(database.db, options);
  stops.push(await verifier.listen(database));
  return verifier;
}

async function counted(id: string) {
  const [row] = await database.db
    .select({ calls: apiTokens.windowCalls })
    .from(apiTokens)
    .where(eq(apiTokens.id, id));
  return row!.calls;
}

/**
 * Limits count calls per minute of the database's clock: a test that counts starts at least
 * four seconds before the minute ends, so it never straddles two.
 */
async function awayFromMinuteEnd() {
  const [row] = await database.db
    .select({ left: sql<number>`(60 - extract(second from clock_timestamp()))::float8` })
    .from(users)
    .limit(1);
  const left = Number(row!.left);
  if (left < 4) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 50));
}

/** Resolves once `check` passes; fails after two seconds. */
async function eventually(check: () => Promise<boolean>) {
  const deadline = Date.now() + 2_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('The change never reached the verifier.');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a verifier that keeps nothing (not listening)', () => {
  const verifier = () => new ApiTokenVerifier(database.db);
  it('counts every call on the token row and refuses past the limit without counting', async () => {
    await awayFromMinuteEnd();
    const { secret, id } = await makeToken('tool-owner', 3);
    for (let i = 0; i < 3; i += 1) {
      expect((await verifier().authenticate(secret)).status).toBe('ok');
    }
    const refused = await verifier().authenticate(secret);
    expect(refused).toMatchObject({ status: 'rate-limited' });
    if (refused.status === 'rate-limited') {
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
    expect(await counted(id)).toBe(3);
  });

  it('refuses a batch the minute cannot cover, and takes nothing from it', async () => {
    await awayFromMinuteEnd();
    const { secret, id } = await makeToken('tool-owner', 5);
    expect((await verifier().authenticate(secret, 4)).status).toBe('ok');
    expect((await verifier().authenticate(secret, 2)).status).toBe('rate-limited');
    expect((await verifier().authenticate(secret, 1)).status).toBe('ok');
    expect(await counted(id)).toBe(5);
  });
});

describe('ApiTokenVerifier', () => {
  it('asks the database once per batch of a twentieth of the limit while listening', async () => {
    const verifier = await listeningVerifier();
    await awayFromMinuteEnd();
    const { secret, id } = await makeToken('tool-owner', 600);
    const first = await verifier.authenticate(secret);
    expect(first).toMatchObject({ status: 'ok', user: { id: 'tool-owner', isAdmin: false } });
    expect(await counted(id)).toBe(30);
    for (let i = 1; i < 30; i += 1) {
      expect((await verifier.authenticate(secret)).status).toBe('ok');
    }
    expect(await counted(id)).toBe(30);
    await verifier.authenticate(secret);
    expect(await counted(id)).toBe(60);
  });

  it('asks the database on every call when it is not listening', async () => {
    const verifier = new ApiTokenVerifier(database.db);
    await awayFromMinuteEnd();
    const { secret, id } = await makeToken('tool-owner', 600);
    for (let i = 0; i < 3; i += 1) await verifier.authenticate(secret);
    expect(await counted(id)).toBe(3);
    expect(verifier.size).toBe(0);
  });

  /** A token the verifier has just accepted (and kept), then revoked straight in the database. */
  async function keptThenRevoked(verifier: ApiTokenVerifier) {
    const { secret, id } = await makeToken();
    expect((await verifier.authenticate(secret)).status).toBe('ok');
    await database.db
      .update(apiTokens)
      .set({ revokedAt: sql`now()` })
      .where(eq(apiTokens.id, id));
    return secret;
  }

  it('refuses a token revoked on another server as soon as the change is heard', async () => {
    const verifier = await listeningVerifier();
    const secret = await keptThenRevoked(verifier);
    await eventually(async () => (await verifier.authenticate(secret)).status === 'invalid');
  });

  it('sees an admin revoked by e-mail on the next call after the change', async () => {
    const verifier = await listeningVerifier();
    const { secret } = await makeToken('tool-admin');
    expect(await verifier.authenticate(secret)).toMatchObject({ user: { isAdmin: true } });
    await database.db.delete(admins).where(eq(admins.email, 'tool-admin@example.com'));
    await eventually(async () => {
      const result = await verifier.authenticate(secret);
      return result.status === 'ok' && !result.user.isAdmin;
    });
  });

  it('trusts a kept token no longer than its maximum age when a change is never heard', async () => {
    let now = Date.now();
    // Told it is listening, but nothing is: a connection that died without a word.
    const verifier = new ApiTokenVerifier(database.db, { maxAgeMs: 5_000, now: () => now });
    verifier.listeningStarted();
    const secret = await keptThenRevoked(verifier);
    expect((await verifier.authenticate(secret)).status).toBe('ok');
    now += 5_001;
    expect((await verifier.authenticate(secret)).status).toBe('invalid');
  });

  it('stops trusting a token when it expires', async () => {
    const verifier = await listeningVerifier();
    const { secret, id } = await makeToken();
    await database.db
      .update(apiTokens)
      .set({ expiresAt: sql`now() + interval '1.5 seconds'` })
      .where(eq(apiTokens.id, id));
    // Once the expiry set above has been heard, the token is kept with it.
    await eventually(
      async () => (await verifier.authenticate(secret)).status === 'ok' && verifier.size > 0,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect((await verifier.authenticate(secret)).status).toBe('invalid');
  });

  it('never lets two servers together exceed the limit', async () => {
    const servers = [await listeningVerifier(), await listeningVerifier()];
    await awayFromMinuteEnd();
    const { secret, id } = await makeToken('tool-owner', 100);
    let accepted = 0;
    for (let i = 0; i < 240; i += 1) {
      const result = await servers[i % 2]!.authenticate(secret);
      if (result.status === 'ok') accepted += 1;
    }
    expect(await counted(id)).toBe(100);
    // Each server may hold back at most one batch (a twentieth of the limit) it did not use.
    expect(accepted).toBeLessThanOrEqual(100);
    expect(accepted).toBeGreaterThanOrEqual(100 - 2 * 5);
  });
});
