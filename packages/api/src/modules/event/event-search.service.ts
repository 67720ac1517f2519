import { eventSearchWords, events, type Database } from '@parkside/db';
import type { eventListInput } from '@parkside/validators';
import { and, asc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import { unionAll, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { AppError } from '@parkside/core';
import {
  escapeLike,
  eventColumns as columns,
  eventRowById,
  toSummary,
  type EventRow,
  type EventSummary,
} from '../../shared/events';
import { distanceInMiles, MILES_PER_DEGREE } from '../../shared/listings';

/** What clients see of an event. Instants are ISO strings, so in-process and HTTP callers agree. */
export interface EventPage {
  items: EventSummary[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

const MAX_SEARCH_WORDS = 8;

// `event_search_words` is kept by the triggers `events_search_words_insert` and
// `events_search_words_update` (docs/architecture.md), not by this code.
async function searchMatches(db: Database, q: string): Promise<string[][] | null> {
  const typed = q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  if (typed.length === 0) return [];
  // `<%` uses the connection's pg_trgm.word_similarity_threshold (0.5: SESSION_SETTINGS in
  // @parkside/db), so the trigram index serves it without a transaction around a SET LOCAL.
  const [first, second, ...rest] = typed.map((word, i) => {
    const contains = sql`${eventSearchWords.word} ilike ${`%${escapeLike(word)}%`}`;
    return db
      .select({ i: sql<number>`${i}::int`.mapWith(Number), word: eventSearchWords.word })
      .from(eventSearchWords)
      .where(word.length < 3 ? contains : or(contains, sql`${word} <% ${eventSearchWords.word}`));
  });
  const rows = await (second ? unionAll(first!, second, ...rest) : first!);
  const matches = typed.map(() => [] as string[]);
  for (const row of rows) matches[row.i]?.push(row.word);
  if (matches.some((words) => words.length === 0)) return null;
  return matches.map((words, i) => closestOf(typed[i]!, words));
}

/**
 * The words a typed word stands for, closest first and only the closest kind: the word itself
 * when some event has it ("provo" is Provo, not Providence), else the words it begins (a word
 * still being typed, "stad"), else every word it is inside of or close to (a typo, "stadim").
 */
function closestOf(typed: string, words: string[]): string[] {
  const exact = words.filter((word) => word === typed);
  if (exact.length > 0) return exact;
  const begun = words.filter((word) => word.startsWith(typed));
  return begun.length > 0 ? begun : words;
}

/** Rows whose words hold, for every typed word, one of the words it matches. */
function wordsCondition(column: AnyPgColumn, matches: string[][]) {
  return and(
    ...matches.map(
      (words) =>
        sql`${column} && array[${sql.join(
          words.map((word) => sql`${word}`),
          sql`, `,
        )}]::text[]`,
    ),
  );
}

function encodeCursor(row: EventRow): string {
  return Buffer.from(`${row.startsAt.toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { startsAt: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const startsAt = new Date(iso ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(startsAt.getTime())) {
    throw new AppError(
      'BAD_REQUEST',
      'That page link is invalid. Start again from the first page.',
    );
  }
  return { startsAt, id };
}

/** How deep "near me" pages go (each page reads every nearer event again). */
const NEAR_MAX_OFFSET = 1000;

/** "Near me" pages are ordered by distance, so their cursor is a position in that order. */
function encodeNearCursor(offset: number): string {
  return Buffer.from(`near|${offset}`).toString('base64url');
}

function decodeNearCursor(cursor: string): number {
  const [kind, value] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const offset = Number(value);
  if (kind !== 'near' || !Number.isSafeInteger(offset) || offset < 0 || offset > NEAR_MAX_OFFSET) {
    throw new AppError(
      'BAD_REQUEST',
      'That page link is invalid. Start again from the first page.',
    );
  }
  return offset;
}

export async function listUpcomingEvents(
  db: Database,
  input: z.output<typeof eventListInput>,
  now: Date = new Date(),
): Promise<EventPage> {
  const conditions: (SQL | undefined)[] = [
    eq(events.status, 'scheduled'),
    gt(events.endsAt, now),
    // Date filters compare the event's own calendar day, in its own time zone: on or after
    // local midnight of `from`, before local midnight after `to`. The UTC bounds a day wider
    // (no zone is more than 14 hours off UTC) change no result; they let the starts_at index
    // scan begin and end near the range instead of at today.
    input.from
      ? sql`${events.startsAt} >= (${input.from}::date::timestamp at time zone ${events.timeZone})
          and ${events.startsAt} >= (${input.from}::date - 1)::timestamp at time zone 'UTC'`
      : undefined,
    input.to
      ? sql`${events.startsAt} < ((${input.to}::date + 1)::timestamp at time zone ${events.timeZone})
          and ${events.startsAt} < (${input.to}::date + 2)::timestamp at time zone 'UTC'`
      : undefined,
  ];
  const near = input.near;
  if (input.cursor && !near) {
    const after = decodeCursor(input.cursor);
    conditions.push(
      sql`(${events.startsAt}, ${events.id}) > (${after.startsAt.toISOString()}::timestamptz, ${after.id}::uuid)`,
    );
  }
  const nearOffset = near && input.cursor ? decodeNearCursor(input.cursor) : 0;
  const matches = input.q ? await searchMatches(db, input.q) : [];
  if (matches === null) return { items: [], nextCursor: null };

  if (near) {
    const where = and(...conditions, wordsCondition(events.searchWords, matches));
    return listNearest(db, where, near, nearOffset, input.limit);
  }

  // With a text search PostgreSQL picks between walking the starts_at index and testing each
  // event's words (common words) and collecting the matches on the GIN index of search_words,
  // then sorting them (rare words), by its statistics of the words.
  const rows = await db
    .select(columns)
    .from(events)
    .where(and(...conditions, wordsCondition(events.searchWords, matches)))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(toSummary),
    nextCursor: rows.length > input.limit && last ? encodeCursor(last) : null,
  };
}

/** Nearest rows read by the first, index-ordered step of a "near me" page, beyond the page. */
const NEAR_MARGIN = 10;

/**
 * The box of longitudes and latitudes that holds every point within `miles` of `origin`. A
 * degree of longitude shrinks with the cosine of the latitude, so the box is widened for the
 * latitude farthest from the equator it reaches, and by 5 % more because a great circle cuts
 * across a parallel. A box that would cross the 180th meridian spans all longitudes.
 */
function boxAround(origin: { latitude: number; longitude: number }, miles: number) {
  const reach = miles * 1.05;
  const dLat = reach / MILES_PER_DEGREE;
  const farthest = Math.min(89, Math.abs(origin.latitude) + dLat);
  const dLng = reach / (MILES_PER_DEGREE * Math.cos((farthest * Math.PI) / 180));
  const wraps = origin.longitude - dLng < -180 || origin.longitude + dLng > 180;
  return {
    minLat: Math.max(-90, origin.latitude - dLat),
    maxLat: Math.min(90, origin.latitude + dLat),
    minLng: wraps ? -180 : origin.longitude - dLng,
    maxLng: wraps ? 180 : origin.longitude + dLng,
  };
}

/**
 * "Near me": nearest first by the distance on the globe, ties by id, the same on every page.
 * Both steps read the GiST index events_location_gist_idx:
 * 1. `ORDER BY point <-> point` (KNN) reads the nearest rows in flat degrees. Their true
 *    distances bound how far the page can reach: the `offset + limit`-th nearest of them is no
 *    nearer than the true `offset + limit`-th nearest event.
 * 2. `point <@ box` reads every event inside the box around that distance (flat degrees
 *    understate east-west distances, so step 1 alone could miss a nearer event), and the page
 *    is cut from those, sorted by true distance.
 */
async function listNearest(
  db: Database,
  where: SQL | undefined,
  near: { latitude: number; longitude: number },
  offset: number,
  limit: number,
): Promise<EventPage> {
  const location = sql`point(${events.longitude}, ${events.latitude})`;
  const needed = offset + limit + 1;
  const withDistance = <R extends EventRow>(rows: R[]) =>
    rows
      .map((row) => ({ row, miles: distanceInMiles(near, row) }))
      .sort((a, b) => a.miles - b.miles || (a.row.id < b.row.id ? -1 : 1));

  const nearest = await db
    .select(columns)
    .from(events)
    .where(where)
    .orderBy(sql`${location} <-> point(${near.longitude}::float8, ${near.latitude}::float8)`)
    .limit(needed + NEAR_MARGIN);
  let ranked = withDistance(nearest);
  if (nearest.length === needed + NEAR_MARGIN) {
    const box = boxAround(near, ranked[needed - 1]!.miles);
    const inBox = await db
      .select(columns)
      .from(events)
      .where(
        and(
          where,
          sql`${location} <@ box(point(${box.minLng}::float8, ${box.minLat}::float8), point(${box.maxLng}::float8, ${box.maxLat}::float8))`,
        ),
      );
    ranked = withDistance(inBox);
  }
  const page = ranked.slice(offset, offset + limit);
  return {
    items: page.map(({ row, miles }) => ({
      ...toSummary(row),
      distanceMiles: Math.round(miles * 100) / 100,
    })),
    nextCursor: ranked.length > offset + limit ? encodeNearCursor(offset + limit) : null,
  };
}

export async function requireEventById(db: Database, id: string): Promise<EventSummary> {
  const row = await eventRowById(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Event not found.');
  return toSummary(row);
}

export async function requireEventBySlug(db: Database, slug: string): Promise<EventSummary> {
  const [row] = await db.select(columns).from(events).where(eq(events.slug, slug)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Event not found.');
  return toSummary(row);
}
