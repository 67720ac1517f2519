import { timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

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
