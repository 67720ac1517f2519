import { sql } from 'drizzle-orm';
import { type Database } from '../client';
import { events } from '../schema';
import { buildDemoEvents } from './demo-events';

export { LAVELL_EDWARDS } from './demo-events';

export { DEMO_HOST_IDS, seedDemoListings } from './demo-listings';
export { zonedTimeToUtc } from './time';

/**
 * Demo data for development and end-to-end tests. Idempotent: seed rows are keyed by slug, and a
 * second run only moves their dates forward (relative to `today`) so they stay upcoming.
 */
export async function seedDemoData(db: Database, { today = new Date() } = {}) {
  const rows = buildDemoEvents(today);
  await db
    .insert(events)
    .values(rows)
    .onConflictDoUpdate({
      target: events.slug,
      set: {
        startsAt: sql`excluded.starts_at`,
        endsAt: sql`excluded.ends_at`,
        status: sql`excluded.status`,
      },
    });
  return { events: rows.length };
}

/** True when the database holds no events yet (the dev server seeds such a database). */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(events)
    .limit(1);
  return (row?.n ?? 0) === 0;
}
