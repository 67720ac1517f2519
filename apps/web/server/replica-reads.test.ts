/**
 * Reads on a streaming replica with read-your-writes (decision 070), through two app servers on
 * a real primary and a real replica of it (pg_basebackup): with the replica's replay paused, a
 * driver who just booked on one server sees the space taken on the other, while others read the
 * replica's old count until replay resumes; a replica stopped under them costs no request.
 */
import { testUser } from '@parkside/api/testing';
import { createDatabase, users, type DatabaseHandle } from '@parkside/db';
import {
  replicationUnavailableReason,
  startReplicatedPair,
  type ReplicatedPair,
} from '@parkside/db/replication-testing';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from './demo-data';
import { WAL_COOKIE } from './replica-reads';
import { demoOpenListing, startTestServer, type TestServer } from './test-server';

const unavailable = replicationUnavailableReason();
if (unavailable) console.info(`Replica read tests skipped: ${unavailable}.`);

const driver = testUser('replica-driver', { name: 'Riley Driver' });
const other = testUser('replica-other', { name: 'Olive Other' });

describe.skipIf(unavailable)('reads on a replica', () => {
  let pair: ReplicatedPair;
  let primary: DatabaseHandle;
  const servers: TestServer[] = [];
  let listingId: string;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    pair = await startReplicatedPair();
    const admin = postgres(pair.primaryUrl, { max: 1, onnotice: () => {} });
    await admin`create database parkside`;
    await admin.end();
    primary = await createDatabase({ url: pair.urlOf('primary', 'parkside'), maxConnections: 5 });
    await primary.migrate();
    await seedDemo(primary.db);
    await primary.db.insert(users).values([driver, other].map(({ isAdmin: _, ...row }) => row));
    listingId = await demoOpenListing(primary.db);
    await pair.caughtUp();
    for (let i = 0; i < 2; i += 1) {
      const server = await startTestServer(primary.db, undefined, {
        DATABASE_REPLICA_URL: pair.urlOf('replica', 'parkside'),
        // Long enough that a paused replica is still read: the test decides when it catches up.
        REPLICA_MAX_LAG_MS: '60000',
        METRICS_TOKEN: 'replica-metrics-token-0123456789',
      });
      await server.services.replicaRouting.replicas!.ready();
      servers.push(server);
    }
    for (const person of [driver, other]) {
      cookies[person.id] = await servers[0]!.cookieFor(person.id);
    }
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) {
      await server.close();
      await server.services.replicaRouting.replicas?.close();
    }
    await primary?.close();
    await pair?.close();
  });

  /** The spaces left of the listing, as `cookie` reads them on server `on`. */
  async function spacesLeft(on: number, cookie: string): Promise<number> {
    const input = encodeURIComponent(JSON.stringify({ listingId }));
    const response = await fetch(
      `${servers[on]!.base}/api/trpc/listing.drivewayPage?input=${input}`,
      { headers: { cookie } },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      result: { data: { listing: { spacesLeft: number } } };
    };
    return body.result.data.listing.spacesLeft;
  }

  it('shows a driver their booking at once, and others once the replica has it', async () => {
    const before = await spacesLeft(1, cookies[other.id]!);
    await pair.pauseReplay();

    const booked = await fetch(`${servers[0]!.base}/api/trpc/booking.create`, {
      method: 'POST',
      headers: {
        cookie: cookies[driver.id]!,
        'content-type': 'application/json',
        origin: 'http://parkside.test',
      },
      body: JSON.stringify({
        listingId,
        licensePlate: 'RPL 1',
        vehicleDescription: 'Grey Civic',
        idempotencyKey: 'replica-reads-booking-1',
      }),
    });
    expect(booked.status).toBe(200);
    const wal = booked.headers.getSetCookie().find((c) => c.startsWith(`${WAL_COOKIE}=`));
    expect(wal).toMatch(/^parkside_wal=[0-9A-F]+%2F[0-9A-F]+; Max-Age=65; Path=\/; HttpOnly/);
    const driverCookie = `${cookies[driver.id]}; ${wal!.split(';')[0]}`;

    // The driver, on the other server: the primary answers, with their booking counted.
    expect(await spacesLeft(1, driverCookie)).toBe(before - 1);
    // Everyone else reads the paused replica: a moment old.
    expect(await spacesLeft(1, cookies[other.id]!)).toBe(before);
    expect(await spacesLeft(0, '')).toBe(before);

    await pair.resumeReplay();
    await pair.caughtUp();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await spacesLeft(1, cookies[other.id]!)).toBe(before - 1);
  });

  it('reports the replica’s lag and use on /metrics, by host, port and database only', async () => {
    const metrics = await fetch(`${servers[0]!.base}/metrics`, {
      headers: { authorization: 'Bearer replica-metrics-token-0123456789' },
    }).then((response) => response.text());
    const name = new URL(pair.urlOf('replica', 'parkside')).host + '/parkside';
    expect(metrics).toMatch(
      new RegExp(`^parkside_replica_lag_seconds\\{replica="${name}"\\} \\d+(\\.\\d+)?$`, 'm'),
    );
    expect(metrics).toContain(`parkside_replica_in_use{replica="${name}"} 1`);
  });

  it('answers every read when the replica stops under it, from the primary', async () => {
    const expected = await spacesLeft(0, cookies[other.id]!);
    await pair.stopReplica();
    // At once, before a poll has seen it stop: each server drops it on its first failed read.
    const reads = await Promise.all([0, 1, 0, 1].map((on) => spacesLeft(on, cookies[other.id]!)));
    expect(reads).toEqual([expected, expected, expected, expected]);
    expect(servers[0]!.services.replicaRouting.replicas!.status()[0]!.state).toBe('down');
    await pair.startReplica();
  });
});
