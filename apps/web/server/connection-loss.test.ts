/**
 * A database connection cut under a running server (a killed backend, a failover) costs readers
 * nothing: a read whose connection died runs once more on a fresh one, and /healthz tells a
 * cut connection from a database that is away. PostgreSQL only: PGlite has no connections.
 */
import {
  createDatabase,
  isConnectionLost,
  retryReadIfConnectionLost,
  waitForDatabase,
} from '@parkside/db';
import { createTestDatabase, cutConnectionsTo, type TestDatabase } from '@parkside/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from './demo-data';
import { startTestServer, type TestServer } from './test-server';

const serverUrl = process.env.TEST_DATABASE_URL;
let handle: TestDatabase;
let server: TestServer;
let base: string;
let cookie: string;

/** Terminates every connection the app holds to its database; resolves to how many. */
const cutConnections = () => cutConnectionsTo(serverUrl!, handle.url!);

describe.skipIf(!serverUrl)('a cut database connection', () => {
  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedDemo(handle.db);
    server = await startTestServer(handle.db);
    base = server.base;
    cookie = await server.cookieFor('demo-driver');
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it('is told apart from an error of the statement itself', async () => {
    const victim = await createDatabase({ url: handle.url!, maxConnections: 1 });
    try {
      const sleeping = victim.db.execute(sql`select pg_sleep(5)`).catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await cutConnections()).toBeGreaterThan(0);
      const cut = await sleeping;
      expect(isConnectionLost(cut)).toBe(true);
      await waitForDatabase(victim.db);
      const wrong = await victim.db.execute(sql`select * from no_such_table`).catch((e) => e);
      expect(isConnectionLost(wrong)).toBe(false);
      // The same read, given a second on fresh connections, answers.
      let attempts = 0;
      const answered = await retryReadIfConnectionLost(victim.db, async () => {
        attempts += 1;
        if (attempts === 1) throw cut;
        return 'answered';
      });
      expect(answered).toBe('answered');
      expect(attempts).toBe(2);
      // A statement's own error is not retried.
      attempts = 0;
      const refused = retryReadIfConnectionLost(victim.db, async () => {
        attempts += 1;
        throw wrong;
      });
      await expect(refused).rejects.toBe(wrong);
      expect(attempts).toBe(1);
    } finally {
      await victim.close();
    }
  });

  it('fails no read of a burst during which every app connection is cut', async () => {
    const reads = [
      () => fetch(`${base}/api/trpc/event.list?input=${encodeURIComponent('{}')}`),
      () =>
        fetch(
          `${base}/api/trpc/event.bySlug?input=${encodeURIComponent('{"slug":"stadium-of-fire"}')}`,
        ),
      // Signed in: the session is read before the procedure.
      () => fetch(`${base}/api/trpc/booking.mine`, { headers: { cookie } }),
      () =>
        fetch(`${base}/api/trpc/account.me,event.list?batch=1&input=${encodeURIComponent('{}')}`, {
          headers: { cookie },
        }),
    ];
    const statuses = new Map<number, number>();
    let cutBackends = 0;
    let cutAt = Number.POSITIVE_INFINITY;
    let startedBefore = 0;
    let startedAfter = 0;
    const problems: string[] = [];
    // Mid-burst, every connection the app holds is cut at once, as a failover or an operator
    // (pg_terminate_backend) would.
    const cutter = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      cutBackends = await cutConnections();
      cutAt = Date.now();
    })();
    const started = Date.now();
    const worker = async (offset: number) => {
      // At least 3 s, and a second past the cut however long the cut takes.
      for (let i = 0; Date.now() < Math.max(started + 3_000, cutAt + 1_000); i += 1) {
        if (Date.now() > cutAt) startedAfter += 1;
        else startedBefore += 1;
        const response = await reads[(i + offset) % reads.length]!();
        const body = await response.text();
        // What a failed read said, so a failure names its cause.
        if (response.status !== 200) problems.push(`${response.status}: ${body.slice(0, 400)}`);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    };
    await Promise.all([0, 1, 2, 3, 4, 5].map(worker));
    await cutter;
    // The connections really were cut while reads were under way.
    expect(cutBackends).toBeGreaterThanOrEqual(3);
    // Reads ran on both sides of the cut (how many depends on the machine, not on the app).
    expect(startedBefore).toBeGreaterThan(0);
    expect(startedAfter).toBeGreaterThan(0);
    const answered = [...statuses.values()].reduce((sum, n) => sum + n, 0);
    expect(problems).toEqual([]);
    expect(Object.fromEntries(statuses)).toEqual({ 200: answered });
  }, 60_000);

  it('reports the database up (for /healthz) when only the connections were cut', async () => {
    const health = () =>
      fetch(`${base}/api/trpc/system.health`).then(
        async (r) => ((await r.json()) as { result: { data: { database: string } } }).result.data,
      );
    expect(await health()).toEqual({ database: 'up' });
    expect(await cutConnections()).toBeGreaterThan(0);
    expect(await health()).toEqual({ database: 'up' });
  });
});
