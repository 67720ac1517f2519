import { hashPassword } from '@parkside/auth';
import { insertListing } from '@parkside/api/testing';
import { createDatabase, driveways, events, passwordAccounts, users } from '@parkside/db';
import { expect, test } from './fixtures';
import { freePorts, postForm, sessionCookie, startServer, stopServers } from './app-servers';
import { createFreshDatabase } from './fresh-database';

const DRIVERS = 50;
const SPACES = 3;

test('50 simultaneous bookings for 3 spaces, through two app servers, confirm exactly 3', async () => {
  test.skip(!process.env.TEST_DATABASE_URL, 'two processes on one database need PostgreSQL');
  test.setTimeout(180_000);
  const database = await createFreshDatabase({ seed: true });
  const url = (database.env as { DATABASE_URL: string }).DATABASE_URL;

  // A 3-space listing on the first demo event, and 50 verified drivers who can sign in.
  const handle = await createDatabase({ url });
  const password = 'race day password';
  let listingId: string;
  try {
    const [event] = await handle.db.select().from(events).limit(1);
    const [driveway] = await handle.db
      .insert(driveways)
      .values({
        hostId: 'demo-host',
        title: 'The last driveway',
        street: '1 Race St',
        city: event!.city,
        region: event!.region,
        postalCode: event!.postalCode,
        latitude: event!.latitude,
        longitude: event!.longitude,
        capacity: SPACES,
      })
      .returning();
    listingId = (
      await insertListing(handle.db, driveway!, event!.id, {
        spacesOffered: SPACES,
        availableFrom: event!.startsAt,
        availableTo: event!.endsAt,
      })
    ).id;
    const passwordHash = await hashPassword(password);
    const drivers = Array.from({ length: DRIVERS }, (_, i) => ({
      id: `racer-${i}`,
      email: `racer${i}@example.com`,
      name: `Racer ${i}`,
      emailVerified: true,
    }));
    await handle.db.insert(users).values(drivers);
    await handle.db
      .insert(passwordAccounts)
      .values(
        drivers.map((d) => ({ userId: d.id, email: d.email, passwordHash, emailVerified: true })),
      );
  } finally {
    await handle.close();
  }

  const ports = await freePorts(2);
  const servers = await Promise.all(
    ports.map((port) => startServer(database.env as Record<string, string>, port)),
  );
  try {
    const base = (i: number) => `http://127.0.0.1:${ports[i % 2]}`;
    const cookies = await Promise.all(
      Array.from({ length: DRIVERS }, (_, i) =>
        sessionCookie(base(i), `racer${i}@example.com`, password),
      ),
    );

    // Everyone presses "Confirm booking" at once, half on each server (posted, like the
    // browser does, to the page's own address).
    const responses = await Promise.all(
      cookies.map((cookie, i) =>
        postForm(
          base(i),
          `/booking-confirmation?listing=${listingId}`,
          {
            listingId,
            licensePlate: `RACE${i}`,
            vehicleDescription: 'Red Mazda 3',
            idempotencyKey: `race-${i}-key`,
          },
          cookie,
        ),
      ),
    );
    const statuses = responses.map((r) => r.status);
    const bodies = await Promise.all(responses.map((r) => r.text()));
    expect(statuses.filter((s) => s === 302)).toHaveLength(SPACES);
    expect(statuses.filter((s) => s === 409)).toHaveLength(DRIVERS - SPACES);
    expect(statuses.filter((s) => s >= 500)).toHaveLength(0);
    for (const [i, body] of bodies.entries()) {
      if (statuses[i] === 409)
        expect(body).toContain('That driveway just filled up. Please pick another one.');
    }
  } finally {
    await stopServers(servers);
    await database.drop();
  }
});
