import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * The column shapes every table writes the same way. Kept out of the schema index: drizzle-kit
 * reads tables and enums from there, and these are only how they are written.
 */

/** A moment, always with its time zone. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

export const uuidKey = () => uuid('id').primaryKey().defaultRandom();

export const createdAt = () => at('created_at').notNull().defaultNow();

/** Set on every update through Drizzle (an explicit value wins). */
export const updatedAt = () =>
  at('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** A required reference to another table's uuid key. */
export const uuidRef = (
  name: string,
  target: () => AnyPgColumn,
  onDelete: 'cascade' | 'restrict' | 'set null',
) => uuid(name).notNull().references(target, { onDelete });

/**
 * A place: its street address in the US form every place is stored in, and where it is on the
 * map (events, driveways).
 */
export const place = () => ({
  street: text('street').notNull(),
  city: text('city').notNull(),
  region: text('region').notNull(),
  postalCode: text('postal_code').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
});

/** The checks that keep a point on the globe, named after `table`. */
export const pointChecks = (
  table: string,
  t: { latitude: AnyPgColumn; longitude: AnyPgColumn },
) => [
  check(`${table}_latitude_range`, sql`${t.latitude} between -90 and 90`),
  check(`${table}_longitude_range`, sql`${t.longitude} between -180 and 180`),
];
