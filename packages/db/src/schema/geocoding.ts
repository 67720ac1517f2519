import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Answers of the address provider, kept a while (decision 036): the same typed address or
 * dropped pin is not asked twice, which spares the provider's limits and answers at once. The
 * key names the provider, the kind of lookup and the normalized question, never the person.
 */
export const geocodeCache = pgTable(
  'geocode_cache',
  {
    key: text('key').primaryKey(),
    places: jsonb('places').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('geocode_cache_created_idx').on(t.createdAt)],
);

/**
 * When each rate-limited provider may next be called, shared by every app server: a lookup
 * takes the next free slot (one a second for Nominatim) and waits for it, so the servers
 * together never exceed the provider's limit.
 */
export const geocoderPace = pgTable('geocoder_pace', {
  provider: text('provider').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true, precision: 3 }).notNull(),
});
