import { sql } from 'drizzle-orm';
import { check, index, uniqueIndex, integer, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, place, pointChecks, updatedAt, uuidKey } from './columns';
import { users } from './users';

export const eventStatus = pgEnum('event_status', ['scheduled', 'cancelled', 'archived']);

export const events = pgTable(
  'events',
  {
    id: uuidKey(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull().default(''),
    venueName: text('venue_name').notNull(),
    ...place(),
    country: text('country').notNull().default('US'),
    /** IANA zone, such as America/Denver: every time of the event is shown in it. */
    timeZone: text('time_zone').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    expectedAttendance: integer('expected_attendance').notNull(),
    websiteUrl: text('website_url'),
    imageUrl: text('image_url'),
    status: eventStatus('status').notNull().default('scheduled'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The key of the row it was imported from (`event.import`): one event per creator and key. */
    importKey: text('import_key'),
    /**
     * The words of the title, venue and city (lower case, split at white space), kept by the
     * database. Search finds events by these exact words on a GIN index, after mapping each
     * typed word to the words of event_search_words it is close to.
     */
    searchWords: text('search_words')
      .array()
      .notNull()
      .generatedAlwaysAs(
        sql`regexp_split_to_array(lower(title || ' ' || venue_name || ' ' || city), '[[:space:]]+')`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // ends_at is a key column so that `ends_at > now` is checked in the index: events that have
    // ended but are still `scheduled` are skipped without reading their rows.
    index('events_scheduled_starts_at_idx')
      .on(t.startsAt, t.id, t.endsAt)
      .where(sql`${t.status} = 'scheduled'`),
    index('events_ends_at_idx').on(t.endsAt),
    uniqueIndex('events_import_key_unique')
      .on(t.createdBy, t.importKey)
      .where(sql`${t.importKey} is not null`),
    // "Near me": nearest upcoming events first (KNN on the GiST index; lon/lat as x/y).
    index('events_location_gist_idx')
      .using('gist', sql`point(${t.longitude}, ${t.latitude})`)
      .where(sql`${t.status} = 'scheduled'`),
    // No pending list (fastupdate): searches would scan all of it, and events are written rarely.
    index('events_search_words_idx').using('gin', t.searchWords).with({ fastupdate: false }),
    check('events_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check('events_attendance_positive', sql`${t.expectedAttendance} > 0`),
    ...pointChecks('events', t),
  ],
);

/**
 * Every distinct word of the events' search_words, with a trigram index: a typed word is first
 * matched here (a small table), then events are found by the matching words. Filled by a trigger
 * on events (migration 0007); words of changed or deleted events stay, matching nothing.
 */
export const eventSearchWords = pgTable(
  'event_search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [
    index('event_search_words_trgm_idx')
      .using('gin', sql`${t.word} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

export type Event = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;
