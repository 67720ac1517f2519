/**
 * A transaction whose connection is cut before COMMIT left nothing behind, so work that lives
 * wholly in the database may run again on a fresh connection (a booking, decision 040).
 */
import { admins } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from './transaction';

let handle: TestDatabase;

beforeAll(async () => {
  handle = await createTestDatabase();
}, 60_000);
afterAll(() => handle?.close());

describe.skipIf(!process.env.TEST_DATABASE_URL)('a transaction whose connection is cut', () => {
  it('runs again on a fresh connection when asked, and its work is done once', async () => {
    let runs = 0;
    const email = 'rerun@example.com';
    await inTransaction(
      handle.db,
      async (tx) => {
        runs += 1;
        await tx.insert(admins).values({ email });
        // The first run loses its connection halfway, as when PostgreSQL restarts.
        if (runs === 1) await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
      },
      { rerunIfConnectionLost: true },
    );
    expect(runs).toBe(2);
    expect(await handle.db.select().from(admins).where(eq(admins.email, email))).toHaveLength(1);
  });

  it('fails as before when not asked to run again', async () => {
    const email = 'once@example.com';
    await expect(
      inTransaction(handle.db, async (tx) => {
        await tx.insert(admins).values({ email });
        await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
      }),
    ).rejects.toThrow();
    expect(await handle.db.select().from(admins).where(eq(admins.email, email))).toHaveLength(0);
  });

  it('never runs again for an error of the work itself', async () => {
    let runs = 0;
    await expect(
      inTransaction(
        handle.db,
        async () => {
          runs += 1;
          throw new Error('That driveway just filled up.');
        },
        { rerunIfConnectionLost: true },
      ),
    ).rejects.toThrow('That driveway just filled up.');
    expect(runs).toBe(1);
  });
});
