import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from './schema';
import { isDatabaseEmpty, seedDemoData } from './seed';
import { createTestDatabase, type TestDatabase } from './testing';

let handle: TestDatabase;

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle?.close());

describe('a migrated database', () => {
  it('answers a ping and has the extensions the schema needs', async () => {
    expect(await handle.ping()).toBe(true);
    const result: unknown = await handle.db.execute(
      sql`select extname from pg_extension where extname in ('pg_trgm', 'btree_gist') order by 1`,
    );
    // postgres.js returns the rows; PGlite returns { rows }.
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      extname: string;
    }[];
    const names = rows.map((r) => r.extname);
    expect(names).toEqual(['btree_gist', 'pg_trgm']);
  });

  it('can be migrated again without changes', async () => {
    await expect(handle.migrate()).resolves.toBeUndefined();
  });

  it('refuses an event that ends before it starts', async () => {
    const now = Date.now();
    await expect(
      handle.db.insert(events).values({
        title: 'Backwards',
        slug: 'backwards',
        venueName: 'Nowhere',
        street: '1 Main St',
        city: 'Provo',
        region: 'UT',
        postalCode: '84601',
        latitude: 40,
        longitude: -111,
        timeZone: 'America/Denver',
        startsAt: new Date(now + 7_200_000),
        endsAt: new Date(now + 3_600_000),
        expectedAttendance: 100,
      }),
    ).rejects.toThrow();
  });
});

describe('seedDemoData', () => {
  it('creates upcoming demo events and is idempotent', async () => {
    expect(await isDatabaseEmpty(handle.db)).toBe(true);
    const today = new Date();
    const first = await seedDemoData(handle.db, { today });
    await seedDemoData(handle.db, { today });
    const rows = await handle.db.select().from(events);
    expect(rows).toHaveLength(first.events);
    expect(first.events).toBeGreaterThanOrEqual(10);
    for (const row of rows) {
      expect(row.startsAt.getTime()).toBeGreaterThan(today.getTime());
      expect(row.endsAt.getTime()).toBeGreaterThan(row.startsAt.getTime());
      expect(row.expectedAttendance).toBeGreaterThanOrEqual(2_000);
      expect(row.expectedAttendance).toBeLessThanOrEqual(300_000);
    }
    expect(new Set(rows.map((r) => r.timeZone))).toEqual(
      new Set(['America/Denver', 'America/Los_Angeles']),
    );
    expect(await isDatabaseEmpty(handle.db)).toBe(false);
  });

  it('moves seeded dates forward on a later run instead of duplicating', async () => {
    const later = new Date(Date.now() + 30 * 86_400_000);
    await seedDemoData(handle.db, { today: later });
    const rows = await handle.db.select().from(events);
    expect(rows.every((r) => r.startsAt.getTime() > later.getTime())).toBe(true);
  });
});

describe('seedDemoListings', () => {
  it('puts demo driveways on the demo events once, from $10 to $30 and 1 to 20 spaces', async () => {
    const { seedDemoListings } = await import('./seed');
    const { listings, users } = await import('./schema');
    await seedDemoData(handle.db);
    await handle.db
      .insert(users)
      .values({ id: 'demo-host', email: 'host@example.com', name: 'Hayden Host', isHost: true })
      .onConflictDoNothing();
    const first = await seedDemoListings(handle.db);
    const again = await seedDemoListings(handle.db);
    expect(first.listings).toBeGreaterThanOrEqual(5);
    expect(again.listings).toBe(0);
    const rows = await handle.db.select().from(listings);
    expect(rows).toHaveLength(first.listings);
    for (const row of rows) {
      expect(row.priceCents).toBeGreaterThanOrEqual(1000);
      expect(row.priceCents).toBeLessThanOrEqual(3000);
      expect(row.spacesOffered).toBeGreaterThanOrEqual(1);
      expect(row.spacesOffered).toBeLessThanOrEqual(20);
    }
  });
});
