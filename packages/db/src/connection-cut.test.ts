/**
 * The driver under a cut: every connection of a busy pool killed at once (a failover, an
 * operator's pg_terminate_backend) must leave no statement waiting for ever and no connection
 * that can never talk again. postgres.js 3.4.9 did both (patches/postgres+3.4.9.patch): a write
 * buffered when the socket died stopped every later write on that connection, so its next
 * connect sat out the connect timeout; and statements handed to a connection between its socket
 * error and its close were never answered.
 */
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresOptions } from './client';
import { isConnectionLost } from './connection-loss';
import { createTestDatabase, onServer, type TestDatabase } from './testing';

const serverUrl = process.env.TEST_DATABASE_URL;
let handle: TestDatabase;

/** Longer than any answer a working pool takes here, far shorter than the 10 s connect timeout. */
const HUNG_MS = 4_000;

async function cutEveryConnection(applicationName: string): Promise<number> {
  return onServer(serverUrl!, async (admin) => {
    const rows = await admin<{ cut: boolean }[]>`
      select pg_terminate_backend(pid) as cut from pg_stat_activity
      where application_name = ${applicationName}`;
    return rows.filter((row) => row.cut).length;
  });
}

describe.skipIf(!serverUrl)('a pool whose connections are all cut mid-burst', () => {
  beforeAll(async () => {
    handle = await createTestDatabase();
  }, 60_000);
  afterAll(() => handle?.close());

  it('answers or refuses every statement at once, and answers again right after', async () => {
    for (let round = 0; round < 8; round += 1) {
      const applicationName = `parkside_cut_${round}`;
      // The app's own pool settings, on the driver itself (as every query of the app runs).
      const pool = postgres(handle.url!, postgresOptions(10, applicationName));
      try {
        const outcomes = new Map<string, number>();
        const count = (what: string) => outcomes.set(what, (outcomes.get(what) ?? 0) + 1);
        const started = Date.now();
        // Cut at a different moment of each round: while connections open, or while they work.
        const cut = (async () => {
          await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 400));
          return cutEveryConnection(applicationName);
        })();
        const worker = async () => {
          while (Date.now() - started < 1_500) {
            let timer: NodeJS.Timeout | undefined;
            const hung = new Promise<string>((resolve) => {
              timer = setTimeout(() => resolve('hung'), HUNG_MS);
            });
            const statement = pool`select pg_sleep(0.005), ${String(Math.random())}::text`.then(
              () => 'answered',
              (error: unknown) =>
                isConnectionLost(error)
                  ? `connection lost (${(error as { code?: string }).code})`
                  : `failed: ${(error as Error).message}`,
            );
            count(await Promise.race([statement, hung]));
            clearTimeout(timer);
          }
        };
        await Promise.all(Array.from({ length: 12 }, worker));
        expect(await cut).toBeGreaterThan(0);
        const settled = Object.fromEntries(outcomes);
        // Statements under way when the cut came are refused as lost connections (the caller
        // may run a read again); none waits for ever and none times out connecting.
        for (const what of Object.keys(settled)) {
          expect(what).toMatch(/^(answered|connection lost \((?!CONNECT_TIMEOUT).*\))$/);
        }
        expect(settled.answered).toBeGreaterThan(20);
        // Every connection of the pool is usable again at once.
        const again = await Promise.all(Array.from({ length: 20 }, () => pool`select 1 as one`));
        expect(again.map((rows) => rows[0]?.one)).toEqual(Array(20).fill(1));
      } finally {
        await pool.end({ timeout: 1 });
      }
    }
  }, 90_000);
});
