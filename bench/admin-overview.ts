/**
 * What the /admin figures cost with a million bookings: `admin.overview` (one statement, issue
 * 14) called the way the page calls it, on a fresh PostgreSQL database seeded with 10,000
 * users, 2,000 events over a year, 20,000 listings and 1,000,000 bookings made over the last
 * year (a tenth of them cancelled, half of those refunded). Target: p95 under 50 ms. For
 * comparison it also prints a one-row query's round trip on the same connection pool.
 *
 * Run from the repo root: npm run bench:admin. Exit code 0: the target is met; 1: missed, or
 * the benchmark failed.
 */
import { createCaller, createContext } from '@parkside/api';
import { admins, users } from '@parkside/db';
import { eq, sql } from 'drizzle-orm';
import { freshBenchDatabase, type BenchDatabase } from './marketplace/database';
import { measureLatency, ms, printChecks, step } from './marketplace/stats';
import { cleanUpOnInterrupt } from './server';

export const OVERVIEW_P95_TARGET_MS = 50;
const BOOKINGS = 1_000_000;

let database: BenchDatabase | undefined;
cleanUpOnInterrupt(async () => {
  await database?.drop();
});

async function seed(db: BenchDatabase['handle']['db']) {
  await step('10,000 users (2,000 of them hosts)', () =>
    db.execute(sql`
      insert into users (id, email, name, is_host, email_verified, created_at)
      select 'bench-user-' || g, 'bench-user-' || g || '@example.com', 'Bench User ' || g,
        g <= 2000, true, now() - (g % 400) * interval '1 day'
      from generate_series(1, 10000) g`),
  );
  await step('2,000 events from 330 days ago to 35 days ahead', () =>
    db.execute(sql`
      insert into events (title, slug, venue_name, street, city, region, postal_code,
        latitude, longitude, time_zone, starts_at, ends_at, expected_attendance, created_by)
      select 'Bench game ' || g, 'bench-game-' || g, 'Bench Stadium', '1 Main St', 'Provo',
        'UT', '84604', 40.25, -111.65, 'America/Denver',
        now() + ((g % 365) - 330) * interval '1 day',
        now() + ((g % 365) - 330) * interval '1 day' + interval '3 hours',
        50000, 'bench-user-' || (1 + g % 2000)
      from generate_series(1, 2000) g`),
  );
  await step('5,000 driveways and 20,000 listings', async () => {
    await db.execute(sql`
      insert into driveways (host_id, title, street, city, region, postal_code, latitude,
        longitude, capacity)
      select 'bench-user-' || (1 + g % 2000), 'Driveway ' || g, g || ' Oak Ln', 'Provo', 'UT',
        '84604', 40.25, -111.65, 50
      from generate_series(1, 5000) g`);
    await db.execute(sql`
      with e as (select id, starts_at, row_number() over (order by id) as n from events),
        d as (select id, latitude, longitude, row_number() over (order by id) as n from driveways)
      insert into listings (driveway_id, event_id, location, price_cents, spaces_offered,
        available_from, available_to)
      select d.id, e.id, point(d.longitude, d.latitude), 2000, 50,
        e.starts_at - interval '1 hour', e.starts_at + interval '4 hours'
      from e cross join generate_series(0, 9) k
        join d on d.n = 1 + ((e.n * 10 + k) % 5000)`);
  });
  await step(`${BOOKINGS.toLocaleString('en-US')} bookings over the last year`, () =>
    db.execute(sql`
      with l as (select id, event_id, row_number() over (order by id) - 1 as n from listings),
        b as (
          select g, now() - random() * interval '365 days' as made, random() as r
          from generate_series(1, ${BOOKINGS}) g
        )
      insert into bookings (listing_id, event_id, driver_id, price_cents, platform_fee_cents,
        host_payout_cents, license_plate, vehicle_description, status, cancelled_by,
        cancelled_at, refund_cents, payment_status, idempotency_key, created_at)
      select l.id, l.event_id, 'bench-user-' || (1 + b.g % 10000), 2000, 300, 1700, 'BEN 123',
        'Gray Honda Civic',
        case when b.r < 0.1 then 'cancelled' else 'confirmed' end::booking_status,
        case when b.r < 0.1 then 'driver' end::cancelled_by,
        case when b.r < 0.1 then b.made + (now() - b.made) * b.r * 10 end,
        case when b.r < 0.05 then 2000 else 0 end,
        'due_on_arrival', 'bench-' || b.g, b.made
      from b join l on l.n = b.g % 20000`),
  );
  await step('vacuum analyze', async () => {
    await db.execute(sql`vacuum analyze bookings`);
    await db.execute(sql`analyze`);
  });
}

async function main() {
  database = await freshBenchDatabase();
  const { db } = database.handle;
  try {
    await seed(db);
    await db.insert(admins).values({ email: 'bench-user-1@example.com' });
    const [admin] = await db.select().from(users).where(eq(users.id, 'bench-user-1'));
    const api = createCaller(
      createContext({ db, user: { ...admin!, isAdmin: true }, clientIp: '127.0.0.1' }),
    );
    const figures = await api.admin.overview();
    console.log(
      `Last 30 days: ${figures.last30Days.confirmed} bookings made, ${figures.last30Days.cancelled} cancelled.`,
    );
    const overview = await measureLatency(() => api.admin.overview(), { warmup: 10, runs: 200 });
    const roundTrip = await measureLatency(() => db.execute(sql`select 1`), {
      warmup: 10,
      runs: 200,
    });
    const pass = overview.p95 < OVERVIEW_P95_TARGET_MS;
    printChecks([
      {
        name: '/admin figures (admin.overview), 1M bookings',
        value: ms(overview.p95),
        target: `p95 < ${OVERVIEW_P95_TARGET_MS} ms`,
        pass,
        detail: `p50 ${ms(overview.p50)}, ${overview.runs} runs`,
      },
      {
        name: 'One-row query round trip (baseline)',
        value: ms(roundTrip.p95),
        target: '-',
        pass: true,
        informational: true,
        detail: `p50 ${ms(roundTrip.p50)}; figures / baseline at p95: ${(overview.p95 / roundTrip.p95).toFixed(1)}x`,
      },
    ]);
    return pass;
  } finally {
    if (process.env.BENCH_KEEP) console.log(`Kept database ${database.name}.`);
    else await database.drop();
  }
}

main().then(
  (pass) => process.exit(pass ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
