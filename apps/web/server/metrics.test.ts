/**
 * /metrics (decision 038): off without METRICS_TOKEN, refused without the token, and with it the
 * Prometheus text of this server: requests by route pattern, jobs, the queue from PostgreSQL.
 * Two servers in one process keep registries of their own.
 */
import { createDatabase, jobs, type Database } from '@parkside/db';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics } from './metrics';
import { startTestServer, type TestServer } from './test-server';

const TOKEN = 'metrics-token-for-tests-0123456789';
let handle: TestDatabase;
let off: TestServer;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  handle = await createTestDatabase();
  off = await startTestServer(handle.db);
  a = await startTestServer(handle.db, undefined, { METRICS_TOKEN: TOKEN });
  b = await startTestServer(handle.db, undefined, { METRICS_TOKEN: TOKEN });
}, 60_000);
afterAll(async () => {
  await Promise.all([off, a, b].map((s) => s?.close()));
  await handle?.close();
});

const scrape = (server: TestServer, token?: string) =>
  fetch(`${server.base}/metrics`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

async function stuckJob(db: Database) {
  await db.insert(jobs).values({
    task: 'email.send',
    payload: {},
    runAt: new Date(Date.now() - 90_000),
  });
}

describe('/metrics', () => {
  it('is off without a token configured, and refused without the right one', async () => {
    expect((await scrape(off, TOKEN)).status).toBe(404);
    expect((await scrape(a)).status).toBe(401);
    const wrong = await scrape(a, 'not-the-metrics-token-at-all');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('Bearer');
  });

  it('answers the Prometheus text of this server, with the queue read from PostgreSQL', async () => {
    await fetch(`${a.base}/api/trpc/event.list`);
    await fetch(`${a.base}/api/trpc/nope.nothing`);
    await stuckJob(handle.db);
    const response = await scrape(a, TOKEN);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(
      /parkside_http_request_duration_seconds_count\{method="GET",route="\/api\/trpc\/event\.list",status="200"\} 1/,
    );
    expect(text).toContain('route="/api/trpc/:unknown"');
    expect(text).not.toContain('nope.nothing');
    expect(text).toMatch(/parkside_jobs_due\{task="email\.send"\} [1-9]/);
    const oldest = Number(/^parkside_job_oldest_due_seconds (\S+)$/m.exec(text)?.[1]);
    expect(oldest).toBeGreaterThanOrEqual(89);
    expect(text).toContain('parkside_message_streams_open 0');
    expect(text).toContain('parkside_process_cpu_seconds_total');

    // Server B counted none of A's requests.
    const other = await (await scrape(b, TOKEN)).text();
    expect(other).not.toContain('route="/api/trpc/event.list"');
  });
});

describe('the PostgreSQL pool on /metrics', () => {
  it('shows connections in use and the queries that waited for one', async (context) => {
    if (!handle.url) return context.skip();
    // A pool of two, as a busy server's: a third query waits for a connection.
    const pool = await createDatabase({ url: handle.url, maxConnections: 2 });
    try {
      const metrics = createMetrics({ db: pool.db, poolStats: pool.poolStats });
      const figure = (text: string, name: string) =>
        Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
      const sleep = () => Promise.resolve(pool.db.execute(sql`select pg_sleep(0.4)`));
      const now = () => metrics.registry.metrics();
      // Three queries on a cold pool of two: two connections open, the third query waits.
      const cold = [sleep(), sleep(), sleep()];
      await new Promise((resolve) => setTimeout(resolve, 150));
      const opening = await now();
      expect(figure(opening, 'parkside_db_pool_max')).toBe(2);
      expect(figure(opening, 'parkside_db_pool_connections{state="connecting"}')).toBe(2);
      expect(figure(opening, 'parkside_db_pool_waiting')).toBe(1);
      await Promise.all(cold);
      const rested = await now();
      expect(figure(rested, 'parkside_db_pool_waiting')).toBe(0);
      expect(figure(rested, 'parkside_db_pool_waits_total')).toBe(1);
      expect(figure(rested, 'parkside_db_pool_connections{state="idle"}')).toBe(2);
      // Warm: both connections run a query each.
      const warm = [sleep(), sleep()];
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(figure(await now(), 'parkside_db_pool_connections{state="busy"}')).toBe(2);
      await Promise.all(warm);
    } finally {
      await pool.close();
    }
  });
});
