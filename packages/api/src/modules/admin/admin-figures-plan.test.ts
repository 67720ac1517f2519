/**
 * The admin figures stay cheap with a million bookings (bench:admin) only while PostgreSQL can
 * answer their two bookings statements from `bookings_created_at_idx` and
 * `bookings_cancelled_at_idx` alone (migration 0037). A column read by either statement and not
 * carried by its index turns the plan into a fetch of every booking of the window: this fails.
 */
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overviewStatements, rowsOf } from './admin.service';

let handle: TestDatabase;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle?.close());

/** The tables read by `statement`'s plan and how, with the planner told to use an index wherever it can. */
async function scansOf(statement: SQL): Promise<{ kind: string; index?: string }[]> {
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(
      await tx.execute(sql`explain (format json) ${statement}`),
    );
    const found: { kind: string; index?: string }[] = [];
    const walk = (node: Record<string, unknown>) => {
      if (node['Relation Name']) {
        found.push({ kind: String(node['Node Type']), index: node['Index Name'] as string });
      }
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    walk((row!['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0]!.Plan);
    return found;
  });
}

describe('the admin figures read the bookings of a window from an index alone', () => {
  const statements = overviewStatements(new Date());

  it('bookings made: bookings_created_at_idx', async () => {
    expect(await scansOf(statements.made)).toEqual([
      { kind: 'Index Only Scan', index: 'bookings_created_at_idx' },
    ]);
  });

  it('bookings cancelled: bookings_cancelled_at_idx', async () => {
    expect(await scansOf(statements.cancelled)).toEqual([
      { kind: 'Index Only Scan', index: 'bookings_cancelled_at_idx' },
    ]);
  });
});
