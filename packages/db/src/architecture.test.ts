/**
 * docs/architecture.md lists every trigger of the migrations, with its table, its function and
 * the channel it notifies. This compares that table with a migrated database, so a trigger added
 * without its row, or a row left after its trigger went, fails the suite.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing';

const doc = readFileSync(
  fileURLToPath(new URL('../../../docs/architecture.md', import.meta.url)),
  'utf8',
);

/** Rows of the trigger table: `| `name` | `table` | `function` | `channel` or — |`. */
function documented(): string[] {
  const start = doc.indexOf('| trigger ');
  const rows = doc.slice(start).split('\n\n')[0]!.split('\n').slice(2);
  return rows.map((row) => {
    const cells = row
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim().replace(/`/g, ''));
    return cells.map((cell) => (cell === '—' ? '' : cell)).join(' ');
  });
}

let handle: TestDatabase;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle?.close());

it('docs/architecture.md lists every trigger, its table, function and channel', async () => {
  const rows = (await handle.db.execute(sql`
    select t.tgname as name, c.relname as "table", p.proname as fn,
      coalesce(substring(p.prosrc from 'pg_notify\\(''([a-z_]+)'''), '') as channel
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_proc p on p.oid = t.tgfoid
    where not t.tgisinternal`)) as unknown as
    | { name: string; table: string; fn: string; channel: string }[]
    | { rows: { name: string; table: string; fn: string; channel: string }[] };
  const list = Array.isArray(rows) ? rows : rows.rows;
  const inDatabase = list.map((r) => `${r.name} ${r.table} ${r.fn} ${r.channel}`.trim()).sort();
  expect(inDatabase.length).toBeGreaterThanOrEqual(30);
  expect(
    documented()
      .map((row) => row.trim())
      .sort(),
  ).toEqual(inDatabase);
});
