/**
 * Writes caught by a cut database connection (decision 052), on two app servers sharing one
 * PostgreSQL database: while drivers book, cancel and write to their hosts through both, every
 * connection of both servers is cut twice. No answer is a 500; a write the server could not
 * finish says 503 with Retry-After, and the client's retry with the same key answers what
 * happened; at the end every answer the drivers saw matches the database, row for row.
 * PostgreSQL only: PGlite has no connections to cut.
 */
import { insertUsers, testUser } from '@parkside/api/testing';
import { bookings, createDatabase, listings, messages, type Database } from '@parkside/db';
import { createTestDatabase, cutConnectionsTo, type TestDatabase } from '@parkside/db/testing';
import { eq, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from './demo-data';
import { demoOpenListing, startTestServer, type TestServer } from './test-server';

const serverUrl = process.env.TEST_DATABASE_URL;
const ORIGIN = 'http://parkside.test';
const DRIVERS = 6;

let handle: TestDatabase;
let second: { db: Database; close(): Promise<void> };
let servers: TestServer[];
let listingId: string;
const drivers = Array.from({ length: DRIVERS }, (_, i) => testUser(`cut-writer-${i}`));
const cookies: string[] = [];

/** Terminates every connection the app holds to its database; resolves to how many. */
const cutConnections = () => cutConnectionsTo(serverUrl!, handle.url!);

interface Answer {
  status: number;
  body: { result?: { data: Record<string, unknown> }; error?: { message: string } };
}

/**
 * A mutation as a careful client sends it: on a 503 it waits as long as Retry-After asks and sends
 * the same request again (same idempotency key), up to ten times. Every status seen is counted.
 */
async function mutate(
  server: TestServer,
  cookie: string,
  path: string,
  input: unknown,
  seen: Map<number, number>,
): Promise<Answer> {
  for (let attempt = 0; ; attempt += 1) {
    const response = await fetch(`${server.base}/api/trpc/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie },
      body: JSON.stringify(input),
    });
    seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
    const body = (await response.json()) as Answer['body'];
    if (response.status === 503) {
      const wait = Number(response.headers.get('retry-after'));
      expect(wait, `${path}: a 503 says when to try again`).toBeGreaterThan(0);
      if (attempt < 10) {
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
        continue;
      }
    }
    return { status: response.status, body };
  }
}

describe.skipIf(!serverUrl)('writes while every database connection is cut', () => {
  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedDemo(handle.db);
    await insertUsers(handle.db, ...drivers);
    listingId = await demoOpenListing(handle.db);
    await handle.db
      .update(listings)
      .set({ spacesOffered: 10_000 })
      .where(eq(listings.id, listingId));
    // Two app servers, each with its own pool, on the one database.
    second = await createDatabase({ url: handle.url!, maxConnections: 5 });
    servers = [await startTestServer(handle.db), await startTestServer(second.db)];
    for (const [i, driver] of drivers.entries()) {
      cookies.push(await servers[i % 2]!.cookieFor(driver.id));
    }
  }, 60_000);

  afterAll(async () => {
    for (const server of servers ?? []) await server.close();
    await second?.close();
    await handle?.close();
  });

  it('answers no 500, and every answer matches the database', async () => {
    const seen = new Map<number, number>();
    const problems: string[] = [];
    /** Per driver: the keys of bookings answered as made, cancelled, and messages answered sent. */
    const booked = drivers.map(() => new Map<string, string>());
    const cancelled = drivers.map(() => new Set<string>());
    const sent = drivers.map(() => new Set<string>());
    const refusedKeys = drivers.map(() => new Set<string>());
    let cutBackends = 0;
    let lastCutAt = Number.POSITIVE_INFINITY;
    const started = Date.now();
    const cutter = (async () => {
      for (const at of [800, 2_300]) {
        await new Promise((resolve) => setTimeout(resolve, started + at - Date.now()));
        cutBackends += await cutConnections();
      }
      lastCutAt = Date.now();
    })();
    const worker = async (d: number) => {
      const server = servers[d % 2]!;
      const cookie = cookies[d]!;
      for (let i = 0; Date.now() < Math.max(started + 4_000, lastCutAt + 1_000); i += 1) {
        const step = i % 3;
        const mine = [...booked[d]!.values()].filter((id) => !cancelled[d]!.has(id));
        if (step === 0 || mine.length === 0) {
          const key = `cut-${d}-${randomUUID()}`;
          const answer = await mutate(
            server,
            cookie,
            'booking.create',
            {
              listingId,
              licensePlate: `CUT ${d}${i}`,
              vehicleDescription: 'Grey hatchback',
              idempotencyKey: key,
            },
            seen,
          );
          if (answer.status === 200) booked[d]!.set(key, String(answer.body.result!.data.id));
          else refusedKeys[d]!.add(key);
          if (answer.status >= 500)
            problems.push(`create ${answer.status}: ${answer.body.error?.message}`);
        } else if (step === 1) {
          const bookingId = mine[0]!;
          const answer = await mutate(server, cookie, 'booking.cancel', { bookingId }, seen);
          if (answer.status === 200) cancelled[d]!.add(bookingId);
          else problems.push(`cancel ${answer.status}: ${answer.body.error?.message}`);
        } else {
          const clientKey = `cut-msg-${d}-${randomUUID()}`;
          const answer = await mutate(
            server,
            cookie,
            'message.send',
            {
              bookingId: mine[mine.length - 1]!,
              body: `On my way (${i}).`,
              clientKey,
            },
            seen,
          );
          if (answer.status === 200) sent[d]!.add(clientKey);
          // The message limit may refuse a fast writer (429): then nothing was written.
          else if (answer.status !== 429)
            problems.push(`message ${answer.status}: ${answer.body.error?.message}`);
        }
      }
    };
    await Promise.all(drivers.map((_, d) => worker(d)));
    await cutter;

    // The connections really were cut, twice, while writes were under way.
    expect(cutBackends).toBeGreaterThanOrEqual(4);
    expect(seen.get(500) ?? 0).toBe(0);
    expect(problems).toEqual([]);

    // Every answer matches the database.
    for (const [d, driver] of drivers.entries()) {
      const rows = await handle.db
        .select({ id: bookings.id, key: bookings.idempotencyKey, status: bookings.status })
        .from(bookings)
        .where(eq(bookings.driverId, driver.id));
      // A row for each booking answered as made, none for a refused one, none twice.
      expect(new Map(rows.map((row) => [row.key, row.id]))).toEqual(booked[d]);
      for (const row of rows) {
        expect(row.status, `booking ${row.id}`).toBe(
          cancelled[d]!.has(row.id) ? 'cancelled' : 'confirmed',
        );
      }
      const written = await handle.db
        .select({ key: messages.clientKey })
        .from(messages)
        .where(eq(messages.senderId, driver.id));
      expect(new Set(written.map((m) => m.key))).toEqual(sent[d]);
    }
    const made = booked.reduce((n, keys) => n + keys.size, 0);
    expect(made).toBeGreaterThan(DRIVERS);
    const gone = await handle.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        inArray(
          bookings.idempotencyKey,
          refusedKeys.flatMap((keys) => [...keys]),
        ),
      );
    expect(gone).toEqual([]);
  }, 90_000);
});
