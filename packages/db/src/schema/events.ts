import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const eventStatus = pgEnum('event_status', ['scheduled', 'cancelled', 'archived']);

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull().default(''),
    venueName: text('venue_name').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    region: text('region').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull().default('US'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** IANA zone, such as America/Denver: every time of the event is shown in it. */
    timeZone: text('time_zone').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    expectedAttendance: integer('expected_attendance').notNull(),
    websiteUrl: text('website_url'),
    imageUrl: text('image_url'),
    status: eventStatus('status').notNull().default('scheduled'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** What the typo-tolerant search matches against; kept by the database. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(title || ' ' || venue_name || ' ' || city)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('events_scheduled_starts_at_idx')
      .on(t.startsAt, t.id)
      .where(sql`${t.status} = 'scheduled'`),
    index('events_ends_at_idx').on(t.endsAt),
    // "Near me": nearest upcoming events first (KNN on the GiST index; lon/lat as x/y).
    index('events_location_gist_idx')
      .using('gist', sql`point(${t.longitude}, ${t.latitude})`)
      .where(sql`${t.status} = 'scheduled'`),
    index('events_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('events_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check('events_attendance_positive', sql`${t.expectedAttendance} > 0`),
    check('events_latitude_range', sql`${t.latitude} between -90 and 90`),
    check('events_longitude_range', sql`${t.longitude} between -180 and 180`),
  ],
);

export type Event = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;
