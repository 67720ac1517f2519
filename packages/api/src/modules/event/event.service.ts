import { events, type Database, type Event } from '@parkside/db';
import type { eventListInput } from '@parkside/validators';
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../errors';

/** What clients see of an event. Instants are ISO strings, so in-process and HTTP callers agree. */
export interface EventSummary {
  id: string;
  slug: string;
  title: string;
  description: string;
  venueName: string;
  street: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  startsAt: string;
  endsAt: string;
  expectedAttendance: number;
  websiteUrl: string | null;
  imageUrl: string | null;
  status: Event['status'];
}

export interface EventPage {
  items: EventSummary[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

const MAX_SEARCH_WORDS = 8;
/**
 * How close a typed word must be to a word of the title, venue or city (pg_trgm word similarity).
 * pg_trgm's default, 0.6, misses one-letter typos in short words ("stadum" scores 0.57).
 */
const WORD_SIMILARITY_THRESHOLD = 0.5;

const columns = {
  id: events.id,
  slug: events.slug,
  title: events.title,
  description: events.description,
  venueName: events.venueName,
  street: events.street,
  city: events.city,
  region: events.region,
  postalCode: events.postalCode,
  country: events.country,
  latitude: events.latitude,
  longitude: events.longitude,
  timeZone: events.timeZone,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  expectedAttendance: events.expectedAttendance,
  websiteUrl: events.websiteUrl,
  imageUrl: events.imageUrl,
  status: events.status,
};

type EventRow = { [K in keyof typeof columns]: Event[K] };

function toSummary(row: EventRow): EventSummary {
  return { ...row, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString() };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Every word must appear in the title, venue or city, either as typed or close to it
 * (pg_trgm word similarity), so "stadum fire" still finds Stadium of Fire. Both operators use
 * the trigram index on search_text.
 */
function searchCondition(q: string): SQL | undefined {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  const perWord = words.map((word) => {
    const contains = sql`${events.searchText} ilike ${`%${escapeLike(word)}%`}`;
    return word.length < 3 ? contains : sql`(${contains} or ${word} <% ${events.searchText})`;
  });
  return perWord.length ? and(...perWord) : undefined;
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

export async function listUpcomingEvents(
  db: Database,
  input: z.output<typeof eventListInput>,
  now: Date = new Date(),
): Promise<EventPage> {
  const conditions: (SQL | undefined)[] = [
    eq(events.status, 'scheduled'),
    gt(events.endsAt, now),
    input.q ? searchCondition(input.q) : undefined,
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
  if (input.cursor) {
    const after = decodeCursor(input.cursor);
    conditions.push(
      sql`(${events.startsAt}, ${events.id}) > (${after.startsAt.toISOString()}::timestamptz, ${after.id}::uuid)`,
    );
  }
  const query = (tx: Database) =>
    tx
      .select(columns)
      .from(events)
      .where(and(...conditions))
      .orderBy(asc(events.startsAt), asc(events.id))
      .limit(input.limit + 1);
  const rows = input.q
    ? await db.transaction(async (tx) => {
        // SET LOCAL keeps the threshold to this query, so the trigram index still serves `<%`.
        await tx.execute(
          sql.raw(`set local pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`),
        );
        return query(tx as unknown as Database);
      })
    : await query(db);

  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(toSummary),
    nextCursor: rows.length > input.limit && last ? encodeCursor(last) : null,
  };
}

export async function getEventById(db: Database, id: string): Promise<EventSummary> {
  const [row] = await db.select(columns).from(events).where(eq(events.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Event not found.');
  return toSummary(row);
}

export async function getEventBySlug(db: Database, slug: string): Promise<EventSummary> {
  const [row] = await db.select(columns).from(events).where(eq(events.slug, slug)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Event not found.');
  return toSummary(row);
}
