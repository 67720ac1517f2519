import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, type Database, type DatabaseHandle } from './client';
import { bookings, driveways, events, listings, users } from './schema';
import { createTestDatabase, type TestDatabase } from './testing';

const CHANNEL = 'event_parking_changed';
const HOUR = 3_600_000;

/** What the servers hear on the channel, in order. */
class Heard {
  readonly payloads: string[] = [];
  private waiters: { id: string; resolve: () => void }[] = [];

  add = (payload: string) => {
    this.payloads.push(payload);
    for (const waiter of this.waiters.filter((w) => w.id === payload)) waiter.resolve();
    this.waiters = this.waiters.filter((w) => w.id !== payload);
  };

  /** Resolves once `id` has been heard after `from` (an index into `payloads`). */
  until(id: string, from: number): Promise<void> {
    if (this.payloads.slice(from).includes(id)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${id} was never heard`)), 5_000);
      this.waiters.push({
        id,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }
}

let eventCounter = 0;
async function makeEvent(db: Database): Promise<string> {
  const start = Date.now() + 72 * HOUR;
  eventCounter += 1;
  const [row] = await db
    .insert(events)
    .values({
      title: `Match ${eventCounter}`,
      slug: `match-${eventCounter}-${start}`,
      venueName: 'Arena',
      street: '1 Main St',
      city: 'Provo',
      region: 'UT',
      postalCode: '84601',
      latitude: 40.25,
      longitude: -111.65,
      timeZone: 'America/Denver',
      startsAt: new Date(start),
      endsAt: new Date(start + 3 * HOUR),
      expectedAttendance: 1_000,
    })
    .returning({ id: events.id });
  return row!.id;
}

async function makeDriveway(db: Database, title = 'Shady driveway'): Promise<string> {
  const [row] = await db
    .insert(driveways)
    .values({
      hostId: 'host',
      title,
      street: '5 Elm St',
      city: 'Provo',
      region: 'UT',
      postalCode: '84601',
      latitude: 40.251,
      longitude: -111.651,
      capacity: 4,
    })
    .returning({ id: driveways.id });
  return row!.id;
}

function listingFor(drivewayId: string, eventId: string) {
  return {
    drivewayId,
    eventId,
    location: { x: -111.651, y: 40.251 },
    priceCents: 1500,
    spacesOffered: 2,
    availableFrom: new Date(Date.now() + 70 * HOUR),
    availableTo: new Date(Date.now() + 77 * HOUR),
  };
}

/** Runs `write`, then waits until every id in `expected` is heard; returns what was heard. */
async function hearing(heard: Heard, expected: string[], write: () => Promise<unknown>) {
  const from = heard.payloads.length;
  await write();
  await Promise.all(expected.map((id) => heard.until(id, from)));
  return heard.payloads.slice(from);
}

function notificationsOf(
  name: string,
  open: () => Promise<DatabaseHandle>,
  { connected }: { connected: boolean },
) {
  describe(`event parking notifications (${name})`, () => {
    let handle: DatabaseHandle;
    let db: Database;
    const heard = new Heard();
    let stop: () => Promise<void>;
    let listening = 0;

    beforeAll(async () => {
      handle = await open();
      db = handle.db;
      await db.insert(users).values({ id: 'host', email: 'host@example.com', name: 'Hayden' });
      await db.insert(users).values({ id: 'driver', email: 'driver@example.com', name: 'Dana' });
      stop = await handle.listen(CHANNEL, heard.add, () => (listening += 1));
    });
    afterAll(async () => {
      await stop?.();
      await handle?.close();
    });

    it('says it is listening once it is', () => {
      expect(listening).toBe(1);
    });

    it('names the event when a listing is added, edited or removed', async () => {
      const eventId = await makeEvent(db);
      const drivewayId = await makeDriveway(db);
      let listingId = '';
      await hearing(heard, [eventId], async () => {
        const [row] = await db
          .insert(listings)
          .values(listingFor(drivewayId, eventId))
          .returning({ id: listings.id });
        listingId = row!.id;
      });
      await hearing(heard, [eventId], () =>
        db.update(listings).set({ priceCents: 2500 }).where(eq(listings.id, listingId)),
      );
      await hearing(heard, [eventId], () => db.delete(listings).where(eq(listings.id, listingId)));
    });

    it('names the event when a space is booked or a booking cancelled', async () => {
      const eventId = await makeEvent(db);
      const [listing] = await db
        .insert(listings)
        .values(listingFor(await makeDriveway(db), eventId))
        .returning({ id: listings.id });
      let bookingId = '';
      await hearing(heard, [eventId], async () => {
        const [row] = await db
          .insert(bookings)
          .values({
            listingId: listing!.id,
            eventId,
            driverId: 'driver',
            priceCents: 1500,
            platformFeeCents: 225,
            hostPayoutCents: 1275,
            paymentStatus: 'due_on_arrival',
            idempotencyKey: `key-${eventId}`,
          })
          .returning({ id: bookings.id });
        bookingId = row!.id;
      });
      await hearing(heard, [eventId], () =>
        db
          .update(bookings)
          .set({ status: 'cancelled', cancelledBy: 'driver', cancelledAt: new Date() })
          .where(eq(bookings.id, bookingId)),
      );
    });

    it('names the event when the event itself changes', async () => {
      const eventId = await makeEvent(db);
      await hearing(heard, [eventId], () =>
        db.update(events).set({ status: 'cancelled' }).where(eq(events.id, eventId)),
      );
    });

    it('names every event a driveway is listed for when the driveway changes', async () => {
      const [first, second] = [await makeEvent(db), await makeEvent(db)];
      const drivewayId = await makeDriveway(db);
      // The listings' own notifications arrive first, so they are not taken for the driveway's.
      await hearing(heard, [first, second], () =>
        db.insert(listings).values([listingFor(drivewayId, first), listingFor(drivewayId, second)]),
      );
      const said = await hearing(heard, [first, second], () =>
        db.update(driveways).set({ title: 'Sunny driveway' }).where(eq(driveways.id, drivewayId)),
      );
      expect(said.filter((id) => id === first || id === second).sort()).toEqual(
        [first, second].sort(),
      );
    });

    it('names each event once for a write of many rows', async () => {
      const eventId = await makeEvent(db);
      const rows: ReturnType<typeof listingFor>[] = [];
      for (let i = 0; i < 5; i += 1) rows.push(listingFor(await makeDriveway(db), eventId));
      const said = await hearing(heard, [eventId], () => db.insert(listings).values(rows));
      expect(said.filter((id) => id === eventId)).toHaveLength(1);
    });

    // PGlite runs in this process: it has no connection to lose, so the case is not asked of it.
    if (connected) {
      it('listens again after its connection is cut, and says so', async () => {
        const before = listening;
        await db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`);
        await vi.waitFor(() => expect(listening).toBe(before + 1), { timeout: 10_000 });
        const eventId = await makeEvent(db);
        await hearing(heard, [eventId], () =>
          db.update(events).set({ title: 'After the reconnection' }).where(eq(events.id, eventId)),
        );
      });
    }

    it('says nothing of a write that is rolled back', async () => {
      const [rolledBack, marker] = [await makeEvent(db), await makeEvent(db)];
      const from = heard.payloads.length;
      await db
        .transaction(async (tx) => {
          await tx.update(events).set({ title: 'Never' }).where(eq(events.id, rolledBack));
          tx.rollback();
        })
        .catch(() => {});
      // Notifications arrive in commit order: once the later write is heard, the first would have been.
      await hearing(heard, [marker], () =>
        db.update(events).set({ title: 'Later' }).where(eq(events.id, marker)),
      );
      expect(heard.payloads.slice(from)).not.toContain(rolledBack);
    });
  });
}

notificationsOf(
  'the test database',
  async () => {
    const handle: TestDatabase = await createTestDatabase();
    return handle;
  },
  { connected: true },
);

notificationsOf(
  'embedded PGlite',
  async () => {
    const handle = await createDatabase({ dataDir: 'memory://' });
    await handle.migrate();
    return handle;
  },
  { connected: false },
);
