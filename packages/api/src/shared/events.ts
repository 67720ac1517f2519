/** Event reads every area uses: the columns and summary of an event, and one event by id. */
import { events, type Database, type Event, preparedFor, columnsOf } from '@parkside/db';
import type { Address } from '@parkside/geocoder';
import { eq, sql } from 'drizzle-orm';

/** An event as every page and tool sees it; its venue's address as a geocoder gives one. */
export interface EventSummary extends Address {
  id: string;
  slug: string;
  title: string;
  description: string;
  venueName: string;
  timeZone: string;
  startsAt: string;
  endsAt: string;
  expectedAttendance: number;
  websiteUrl: string | null;
  imageUrl: string | null;
  status: Event['status'];
  /** Great-circle distance from the "near me" point, in miles; only in a "near me" search. */
  distanceMiles?: number;
}

export const eventColumns = {
  ...columnsOf(
    events,
    'id slug title description venueName street city region postalCode country latitude longitude timeZone startsAt endsAt expectedAttendance websiteUrl imageUrl status',
  ),
};

export type EventRow = { [K in keyof typeof eventColumns]: Event[K] };

export function toSummary(row: EventRow): EventSummary {
  return { ...row, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString() };
}

/** `value` matched literally inside a LIKE pattern. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Every typed word must appear in the title, venue or city, either as typed (anywhere in a
 * word, so a word still being typed matches) or close to a word of them (pg_trgm word
 * similarity, words of three letters or more), so "stadum fire" still finds Stadium of Fire.
 *
 * Step one looks the typed words up in event_search_words, the distinct words of all events
 * (small, trigram-indexed). Step two finds the events holding, for every typed word, one of its
 * matches: `search_words && array[...]` per typed word, on the GIN index of search_words.
 * Returns, per typed word, the words it matches; null when some typed word matches none.
 */
/** An event by id, or undefined; prepared once per database (/rent reads it on every request). */
export async function eventRowById(db: Database, id: string): Promise<EventRow | undefined> {
  const statement = preparedFor(db, 'event_by_id', (name) =>
    db
      .select(eventColumns)
      .from(events)
      .where(eq(events.id, sql.placeholder('id')))
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute({ id });
  return row;
}
