/**
 * Nearest-20 listings of an event over 1M listings: the real nearestListings, for the busiest
 * event (100k listings) and a typical one (50), from the venue; and EXPLAIN of the same query
 * to confirm the GiST index on (event_id, location) serves it.
 */
import {
  nearestListings,
  nearestListingsQuery,
  type NearestListingsInput,
} from '@parkside/api/queries';
import type { Database } from '@parkside/db';
import { fillPlaceholders } from 'drizzle-orm';
import type postgres from 'postgres';
import { BUSIEST_EVENT, eventId, TYPICAL_EVENT } from './seed';
import { measureLatency, p95Check, type Check } from './stats';

export const NEAREST_P95_TARGET_MS = 2;
const LIMIT = 20;
const WARMUP = 50;
const RUNS = 500;
const GIST_INDEX = 'listings_event_location_gist_idx';

interface Venue {
  latitude: number;
  longitude: number;
}

async function venueOf(sql: postgres.Sql, id: string): Promise<Venue> {
  const [row] = await sql<Venue[]>`select latitude, longitude from events where id = ${id}`;
  if (!row) throw new Error(`Event ${id} is missing from the seed.`);
  return row;
}

/** Index names in a JSON plan, wherever they appear. */
function indexesIn(plan: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(plan)) for (const item of plan) indexesIn(item, found);
  else if (plan && typeof plan === 'object') {
    for (const [key, value] of Object.entries(plan)) {
      if (key === 'Index Name' && typeof value === 'string') found.add(value);
      else indexesIn(value, found);
    }
  }
  return found;
}

/** Runs EXPLAIN on the exact SQL and parameters the app sends. */
export async function explainNearest(
  db: Database,
  sql: postgres.Sql,
  input: NearestListingsInput,
): Promise<{ indexes: Set<string>; text: string }> {
  const query = nearestListingsQuery(db).toSQL();
  const params = fillPlaceholders(query.params, { ...input }) as postgres.ParameterOrJSON<never>[];
  const [json] = await sql.unsafe(`explain (format json) ${query.sql}`, params);
  const textRows = await sql.unsafe(`explain ${query.sql}`, params);
  return {
    indexes: indexesIn(json),
    text: textRows.map((row) => String(row['QUERY PLAN'])).join('\n'),
  };
}

export async function benchNearest(db: Database, sql: postgres.Sql): Promise<Check[]> {
  const checks: Check[] = [];
  const cases = [
    { name: 'Nearest 20, busiest event (100k listings)', event: BUSIEST_EVENT },
    { name: 'Nearest 20, typical event (50 listings)', event: TYPICAL_EVENT },
  ];
  for (const c of cases) {
    const id = eventId(c.event);
    const venue = await venueOf(sql, id);
    const input = { eventId: id, ...venue, limit: LIMIT };
    const first = await nearestListings(db, input);
    if (first.length !== LIMIT) {
      throw new Error(`${c.name}: expected ${LIMIT} listings, got ${first.length}.`);
    }
    const { indexes, text } = await explainNearest(db, sql, input);
    if (!indexes.has(GIST_INDEX)) {
      console.log(`\nPlan of ${c.name}:\n${text}`);
    }
    // Points around the venue as well as the venue itself, as a map would ask.
    const latency = await measureLatency(
      (run) =>
        nearestListings(db, {
          ...input,
          latitude: venue.latitude + ((run % 7) - 3) * 0.002,
          longitude: venue.longitude + ((run % 5) - 2) * 0.002,
        }),
      { warmup: WARMUP, runs: RUNS },
    );
    checks.push(p95Check(c.name, latency, NEAREST_P95_TARGET_MS));
    checks.push({
      name: `${c.name}: plan uses ${GIST_INDEX}`,
      value: indexes.has(GIST_INDEX) ? 'yes' : 'no',
      target: 'yes',
      pass: indexes.has(GIST_INDEX),
      detail: `indexes: ${[...indexes].sort().join(', ')}`,
    });
  }
  return checks;
}
