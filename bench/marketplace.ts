/**
 * Marketplace benchmark, in one run on a fresh PostgreSQL database:
 * - event search over 100k events (p95 of the real listUpcomingEvents),
 * - the 20 nearest listings of an event over 1M listings (p95 of the real nearestListings),
 * - requests/s of /rent?event=ID with 200 listings as a ratio to a minimal Remix page on the
 *   same production server.
 *
 * Run from the repo root: npm run bench:marketplace
 * Exit code 0: every target met; 1: a target missed or the benchmark failed.
 */
import postgres from 'postgres';
import { freshBenchDatabase, type BenchDatabase } from './marketplace/database';
import { benchNearest } from './marketplace/nearest';
import { benchRentData } from './marketplace/rent-data';
import { benchSearch } from './marketplace/search';
import {
  analyze,
  EVENT_COUNT,
  LISTING_COUNT,
  RENT_LISTINGS,
  seedEvents,
  seedListings,
} from './marketplace/seed';
import { printChecks, step, type Check } from './marketplace/stats';
import { benchRent, stopRentServers } from './marketplace/throughput';
import { cleanUpOnInterrupt, runBenchmark } from './server';

const PARTS = ['search', 'nearest', 'rent'] as const;
type Part = (typeof PARTS)[number];

/** `--only search,nearest` runs some parts (the data is seeded either way). */
function chosenParts(argv: string[]): Set<Part> {
  const only = argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  if (!only) return new Set(PARTS);
  const parts = only.split(',').filter((p): p is Part => (PARTS as readonly string[]).includes(p));
  if (parts.length === 0) throw new Error(`--only takes a list of: ${PARTS.join(', ')}`);
  return new Set(parts);
}

let database: BenchDatabase | undefined;
let raw: postgres.Sql | undefined;
let cleaning: Promise<void> | undefined;

function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await stopRentServers();
    await raw?.end({ timeout: 5 }).catch(() => {});
    if (database) {
      await database
        .drop()
        .then(() => console.log(`Dropped database ${database!.name}.`))
        .catch((error: unknown) =>
          console.error(`Could not drop database ${database!.name}:`, error),
        );
    }
  })();
  return cleaning;
}

cleanUpOnInterrupt(cleanUp);

async function main(): Promise<number> {
  const parts = chosenParts(process.argv.slice(2));
  database = await freshBenchDatabase();
  console.log(`  database ${database.name}`);
  raw = postgres(database.url, { max: 1, onnotice: () => {} });
  const sql = raw;
  await step(`Inserting ${EVENT_COUNT.toLocaleString('en-US')} events`, () => seedEvents(sql));
  await step(
    `Inserting ${LISTING_COUNT.toLocaleString('en-US')} driveways and listings (+${RENT_LISTINGS} for /rent) with bookings`,
    () => seedListings(sql),
  );
  await step('ANALYZE', () => analyze(sql));

  const checks: Check[] = [];
  const db = database.handle.db;
  if (parts.has('search')) {
    checks.push(...(await step('Event search', () => benchSearch(db))));
  }
  if (parts.has('nearest')) {
    checks.push(...(await step('Nearest listings', () => benchNearest(db, sql))));
  }
  if (parts.has('rent')) {
    checks.push(...(await step('/rent data', () => benchRentData(db))));
    checks.push(...(await benchRent(database.url, sql, db)));
  }

  console.log('');
  printChecks(checks);
  const failed = checks.filter((c) => !c.pass);
  if (failed.length > 0) {
    console.log(`\nFAIL: ${failed.map((c) => c.name).join('; ')}.`);
    return 1;
  }
  console.log('\nPASS: every target is met.');
  return 0;
}

await runBenchmark(main, cleanUp);
