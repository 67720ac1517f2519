/**
 * Live messages at scale (decision 029), on two production servers and a fresh PostgreSQL
 * database, in one run:
 * - memory: 2,000 open `/api/messages/stream` connections on server B (1,000 drivers and their
 *   1,000 hosts, each signed in) against the same server idle; target under 100 MB more;
 * - delivery: the 1,000 hosts each send their driver one message through server A, 100 a
 *   second, while all 2,000 streams stay open on B; the time from the send's start on A to the
 *   `message` event on the driver's stream on B; target p95 under 200 ms.
 *
 * Run from the repo root: npm run bench:messages (builds apps/web when it has no build).
 * Exit code 0: both targets met; 1: missed, or the benchmark failed.
 */
import { createSessionStore, SESSION_COOKIE_NAME } from '@parkside/auth';
import type { Database } from '@parkside/db';
import { sql } from 'drizzle-orm';
import { type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import { freshBenchDatabase, type BenchDatabase } from './marketplace/database';
import { percentile, printChecks, ms, step } from './marketplace/stats';
import { buildIfMissing } from './load';
import { cleanUpOnInterrupt, startProductionServer, stopServer } from './server';

export const MEMORY_TARGET_MB = 100;
export const DELIVERY_P95_TARGET_MS = 200;
const PAIRS = 1_000;
const SEND_RATE_PER_SECOND = 100;

let database: BenchDatabase | undefined;
const servers: ChildProcess[] = [];
const streams: ClientRequest[] = [];
cleanUpOnInterrupt(async () => {
  for (const stream of streams) stream.destroy();
  for (const child of servers) await stopServer(child);
  await database?.drop();
});

/** 1,000 hosts, each with a driveway listed for one event and booked by their own driver. */
async function seed(db: Database) {
  await db.execute(sql`
    insert into users (id, email, name, is_host, email_verified)
    select 'host-' || g, 'host-' || g || '@example.com', 'Host ' || g, true, true
    from generate_series(1, ${PAIRS}) g
    union all
    select 'driver-' || g, 'driver-' || g || '@example.com', 'Driver ' || g, false, true
    from generate_series(1, ${PAIRS}) g`);
  await db.execute(sql`
    insert into events (title, slug, venue_name, street, city, region, postal_code, latitude,
      longitude, time_zone, starts_at, ends_at, expected_attendance)
    values ('Bench concert', 'bench-concert', 'Bench Arena', '1 Main St', 'Provo', 'UT', '84604',
      40.25, -111.65, 'America/Denver', now() + interval '3 days',
      now() + interval '3 days 3 hours', 10000)`);
  await db.execute(sql`
    insert into driveways (host_id, title, street, city, region, postal_code, latitude,
      longitude, capacity)
    select 'host-' || g, 'Driveway ' || g, g || ' Oak Ln', 'Provo', 'UT', '84604', 40.25,
      -111.65, 1
    from generate_series(1, ${PAIRS}) g`);
  await db.execute(sql`
    insert into listings (driveway_id, event_id, location, price_cents, spaces_offered,
      available_from, available_to)
    select d.id, e.id, point(d.longitude, d.latitude), 2000, 1, e.starts_at - interval '1 hour',
      e.ends_at + interval '1 hour'
    from driveways d, events e`);
  await db.execute(sql`
    insert into bookings (listing_id, event_id, driver_id, price_cents, platform_fee_cents,
      host_payout_cents, license_plate, vehicle_description, payment_status, idempotency_key)
    select l.id, l.event_id, replace(d.host_id, 'host-', 'driver-'), 2000, 300, 1700, 'BEN 1',
      'Gray Honda Civic', 'due_on_arrival', 'bench-' || d.host_id
    from listings l join driveways d on d.id = l.driveway_id`);
  const rows = (await db.execute(sql`
    select b.id as booking, b.driver_id as driver, d.host_id as host
    from bookings b join listings l on l.id = b.listing_id
      join driveways d on d.id = l.driveway_id`)) as unknown as {
    booking: string;
    driver: string;
    host: string;
  }[];
  const sessions = createSessionStore(db, { secure: false });
  const cookie = async (userId: string) =>
    `${SESSION_COOKIE_NAME}=${(await sessions.create(userId)).token}`;
  const pairs = [];
  for (const row of rows) {
    pairs.push({
      bookingId: row.booking,
      driverId: row.driver,
      driverCookie: await cookie(row.driver),
      hostCookie: await cookie(row.host),
    });
  }
  return pairs;
}

/** The server's resident memory, from the kernel (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** Opens a stream; calls `onEvent` for each event, resolves once the first one (unread) came. */
function openStream(
  origin: string,
  cookie: string,
  onEvent: (event: string, at: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${origin}/api/messages/stream`,
      { headers: { cookie, accept: 'text/event-stream' }, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`The stream answered ${res.statusCode}.`));
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        let first = true;
        res.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const name = /^event: (.+)$/m.exec(block)?.[1];
            if (!name) continue;
            onEvent(name, at);
            if (first) {
              first = false;
              resolve();
            }
          }
        });
      },
    );
    req.on('error', reject);
    req.end();
    streams.push(req);
  });
}

async function main() {
  buildIfMissing();
  database = await freshBenchDatabase();
  const pairs = await step(`${PAIRS} hosts, drivers, bookings and sessions`, () =>
    seed(database!.handle.db),
  );
  let output = '';
  const start = () =>
    startProductionServer({
      databaseUrl: database!.url,
      onOutput: (chunk) => (output += chunk),
      onSpawn: (child) => servers.push(child),
    });
  try {
    const [a, b] = await step('Two production servers', () => Promise.all([start(), start()]));
    // Idle, after a few requests, as a server is once it has started serving.
    for (let i = 0; i < 20; i += 1) await (await fetch(`${b.origin}/healthz`)).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const idle = rssMb(b.child.pid!);

    const arrivals = new Map<string, number>();
    await step(`${PAIRS * 2} streams open on server B`, async () => {
      for (let i = 0; i < pairs.length; i += 100) {
        await Promise.all(
          pairs.slice(i, i + 100).flatMap((pair) => [
            openStream(b.origin, pair.driverCookie, (event, at) => {
              if (event === 'message' && !arrivals.has(pair.driverId)) {
                arrivals.set(pair.driverId, at);
              }
            }),
            openStream(b.origin, pair.hostCookie, () => {}),
          ]),
        );
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const held = rssMb(b.child.pid!);

    const sentAt = new Map<string, number>();
    const failures: string[] = [];
    await step(`${PAIRS} messages sent on A at ${SEND_RATE_PER_SECOND}/s`, async () => {
      const gap = 1_000 / SEND_RATE_PER_SECOND;
      const start = performance.now();
      await Promise.all(
        pairs.map(async (pair, i) => {
          const due = start + i * gap;
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
          sentAt.set(pair.driverId, performance.now());
          const response = await fetch(`${a.origin}/api/trpc/message.send`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              cookie: pair.hostCookie,
              origin: a.origin,
            },
            body: JSON.stringify({
              bookingId: pair.bookingId,
              body: 'Your space is ready. Left side of the driveway.',
              clientKey: `bench-message-${i}`,
            }),
          });
          if (!response.ok) failures.push(`${response.status} ${await response.text()}`);
          else await response.arrayBuffer();
        }),
      );
      // The last deliveries.
      const deadline = Date.now() + 5_000;
      while (arrivals.size < PAIRS && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    if (failures.length) throw new Error(`${failures.length} sends failed: ${failures[0]}`);
    const latencies = pairs
      .filter((pair) => arrivals.has(pair.driverId))
      .map((pair) => arrivals.get(pair.driverId)! - sentAt.get(pair.driverId)!);
    const missing = PAIRS - latencies.length;
    const extra = held - idle;
    const p95 = percentile(latencies, 0.95);
    const memoryPass = extra < MEMORY_TARGET_MB;
    const deliveryPass = missing === 0 && p95 < DELIVERY_P95_TARGET_MS;
    printChecks([
      {
        name: `${PAIRS * 2} open streams on one server`,
        value: `${extra.toFixed(1)} MB`,
        target: `< ${MEMORY_TARGET_MB} MB above idle`,
        pass: memoryPass,
        detail: `idle ${idle.toFixed(1)} MB, with the streams ${held.toFixed(1)} MB`,
      },
      {
        name: `Send on A to event on B, ${SEND_RATE_PER_SECOND}/s`,
        value: ms(p95),
        target: `p95 < ${DELIVERY_P95_TARGET_MS} ms`,
        pass: deliveryPass,
        detail: `p50 ${ms(percentile(latencies, 0.5))}, ${latencies.length} delivered, ${missing} missing`,
      },
    ]);
    return memoryPass && deliveryPass;
  } catch (error) {
    if (output) console.error(output.slice(-2_000));
    throw error;
  } finally {
    for (const stream of streams) stream.destroy();
    for (const child of servers) await stopServer(child);
    await database.drop();
  }
}

main().then(
  (pass) => process.exit(pass ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
