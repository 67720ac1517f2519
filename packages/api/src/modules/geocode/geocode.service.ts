import { AppError, type RateLimits, type SessionUser } from '@parkside/core';
import { geocodeCache, geocoderPace, type Database } from '@parkside/db';
import { GEOCODER_ATTRIBUTION, GeocoderError, type Geocoder, type Place } from '@parkside/geocoder';
import type { GeocodeQueryInput } from '@parkside/validators';
import { defineTask, handlerOf, taskSet, type TaskSet } from '@parkside/jobs';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { z } from 'zod';

/** How long a provider's answer is kept and reused. */
export const GEOCODE_CACHE_DAYS = 30;
/** A lookup waits at most this long for a rate-limited provider's next free slot. */
export const GEOCODER_MAX_WAIT_MS = 4000;

export const GEOCODE_ERRORS = {
  off: 'Address search is off on this site. Use your location, drop the pin on the map or enter coordinates.',
  noSuggestions: 'This address search does not suggest as you type: press Search instead.',
  unavailable:
    'Address search is not answering right now. Use your location, drop the pin on the map or enter coordinates instead.',
  busy: (wait: string) => `Address search is busy. Try again in ${wait}.`,
} as const;

const DAY = 24 * 60 * 60 * 1000;

/**
 * What the forms offer: suggestions while typing, a search button, the address at a pin, and the
 * line naming whose search and whose data it is (the provider's terms ask for it).
 */
export function geocodeCapabilities(geocoder: Geocoder | null) {
  return {
    suggest: Boolean(geocoder?.suggest),
    search: geocoder !== null,
    reverse: geocoder !== null,
    attribution: geocoder ? GEOCODER_ATTRIBUTION[geocoder.kind] : null,
  };
}

/** One cache key per provider, kind of lookup and question (case and spaces do not matter). */
function cacheKey(geocoder: Geocoder, mode: string, question: string) {
  return `${geocoder.kind}|${mode}|${question.toLowerCase().replace(/\s+/g, ' ').trim()}`;
}

async function cached(db: Database, key: string): Promise<Place[] | null> {
  const [row] = await db
    .select({ places: geocodeCache.places })
    .from(geocodeCache)
    .where(
      and(
        eq(geocodeCache.key, key),
        gt(geocodeCache.createdAt, new Date(Date.now() - GEOCODE_CACHE_DAYS * DAY)),
      ),
    )
    .limit(1);
  return row ? (row.places as Place[]) : null;
}

async function keep(db: Database, key: string, places: Place[]) {
  await db
    .insert(geocodeCache)
    .values({ key, places })
    .onConflictDoUpdate({ target: geocodeCache.key, set: { places, createdAt: new Date() } });
}

/**
 * Takes the provider's next free slot (shared by every server through PostgreSQL) and waits for
 * it; a queue longer than GEOCODER_MAX_WAIT_MS is refused rather than joined.
 */
async function waitForSlot(db: Database, geocoder: Geocoder) {
  if (!geocoder.requestsPerSecond) return;
  const gapMs = Math.ceil(1000 / geocoder.requestsPerSecond);
  const [slot] = await db
    .insert(geocoderPace)
    .values({ provider: geocoder.kind, nextAt: sql`now() + ${gapMs} * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: geocoderPace.provider,
      set: {
        nextAt: sql`greatest(${geocoderPace.nextAt}, now()) + ${gapMs} * interval '1 millisecond'`,
      },
      // A full queue is not joined: the slot is only taken when it comes soon enough.
      setWhere: lt(
        geocoderPace.nextAt,
        sql`now() + ${GEOCODER_MAX_WAIT_MS} * interval '1 millisecond'`,
      ),
    })
    .returning({
      waitMs: sql<number>`greatest(0, extract(epoch from (${geocoderPace.nextAt} - now())) * 1000 - ${gapMs})::int`,
    });
  if (!slot) {
    throw AppError.tooManyRequests(
      GEOCODE_ERRORS.busy('a few seconds'),
      Math.ceil(GEOCODER_MAX_WAIT_MS / 1000),
    );
  }
  if (slot.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, slot.waitMs));
}

/** Asks the provider (after the per-user limit, the cache and the provider's pace). */
async function lookup<T extends Place[] | Place | null>(
  deps: { db: Database; limits: RateLimits; geocoder: Geocoder | null; user: SessionUser },
  mode: 'suggest' | 'search' | 'reverse',
  question: string,
  ask: (geocoder: Geocoder) => Promise<T>,
): Promise<T> {
  const { db, limits, geocoder, user } = deps;
  // Not set up here is a fact of this site, not a failure: 409 with the way around it.
  if (!geocoder) throw new AppError('CONFLICT', GEOCODE_ERRORS.off);
  const wait = await limits.consume('geocode', `user:${user.id}`);
  if (wait) {
    throw AppError.tooManyRequests(
      GEOCODE_ERRORS.busy(wait === 1 ? 'a second' : `${wait} seconds`),
      wait,
    );
  }
  const key = cacheKey(geocoder, mode, question);
  const kept = await cached(db, key);
  if (kept) return (mode === 'reverse' ? (kept[0] ?? null) : kept) as T;
  await waitForSlot(db, geocoder);
  let answer: T;
  try {
    answer = await ask(geocoder);
  } catch (error) {
    if (error instanceof GeocoderError && error.reason === 'rate_limited') {
      throw AppError.tooManyRequests(GEOCODE_ERRORS.busy('a few seconds'), 5);
    }
    if (error instanceof GeocoderError)
      throw new AppError('UNAVAILABLE', GEOCODE_ERRORS.unavailable);
    throw error;
  }
  await keep(db, key, Array.isArray(answer) ? answer : answer ? [answer] : []);
  return answer;
}

type Deps = Parameters<typeof lookup>[0];
const nearKey = (near?: { latitude: number; longitude: number }) =>
  near ? `@${near.latitude.toFixed(2)},${near.longitude.toFixed(2)}` : '';

/** Suggestions for what the host has typed so far (providers that allow it). */
export function suggestAddresses(deps: Deps, input: GeocodeQueryInput) {
  if (deps.geocoder && !deps.geocoder.suggest) {
    throw new AppError('BAD_REQUEST', GEOCODE_ERRORS.noSuggestions);
  }
  return lookup(deps, 'suggest', `${input.query}${nearKey(input.near)}`, (g) =>
    g.suggest!(input.query, { near: input.near }),
  );
}

/** The addresses matching a typed address (the Search button). */
export function searchAddresses(deps: Deps, input: GeocodeQueryInput) {
  return lookup(deps, 'search', `${input.query}${nearKey(input.near)}`, (g) =>
    g.search(input.query, { near: input.near }),
  );
}

/** The address at a dropped pin (to about a meter), or null. */
export function addressAt(deps: Deps, input: { latitude: number; longitude: number }) {
  return lookup(
    deps,
    'reverse',
    `${input.latitude.toFixed(5)},${input.longitude.toFixed(5)}`,
    (g) => g.reverse(input.latitude, input.longitude),
  );
}

/** Drops answers older than the cache keeps them (run by the daily clean-up). */
export async function pruneGeocodeCache(db: Database, now = new Date()) {
  const gone = await db
    .delete(geocodeCache)
    .where(lt(geocodeCache.createdAt, new Date(now.getTime() - GEOCODE_CACHE_DAYS * DAY)))
    .returning({ key: geocodeCache.key });
  return gone.length;
}

const pruneTask = defineTask('geocode.prune', z.unknown());

/** The daily clean-up of old address answers. */
export function geocodeTasks({ db }: { db: Database }): TaskSet {
  return taskSet(
    [
      handlerOf(pruneTask, async () => {
        await pruneGeocodeCache(db);
      }),
    ],
    [{ task: pruneTask.name, everyMs: DAY }],
  );
}
