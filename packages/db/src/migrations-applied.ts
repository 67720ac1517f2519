import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './client';
import { migrationsFolder } from './paths';

/**
 * The migrations this database has applied, by name (the journal's tags), oldest first, and
 * those committed but not applied yet (a server started from older code, or a deploy midway).
 */
export async function appliedMigrations(db: Database) {
  const journal = JSON.parse(
    readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string; when: number }[] };
  const rows = (await db.execute(
    sql`select created_at from drizzle.__drizzle_migrations order by created_at`,
  )) as unknown as { created_at: string | number }[] | { rows: { created_at: string | number }[] };
  const list = Array.isArray(rows) ? rows : rows.rows;
  const applied = new Set(list.map((row) => Number(row.created_at)));
  return {
    applied: journal.entries.filter((e) => applied.has(e.when)).map((e) => e.tag),
    pending: journal.entries.filter((e) => !applied.has(e.when)).map((e) => e.tag),
  };
}
