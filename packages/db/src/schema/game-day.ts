import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookings } from './marketplace';
import { users } from './users';

/**
 * Who wrote a review: the booking's driver (rating the driveway) or its host (rating the
 * driver).
 */
export const reviewAuthorRole = pgEnum('review_author_role', ['driver', 'host']);

/** Two-way reviews after an event: one per booking and side, editable for 14 days. */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    authorRole: reviewAuthorRole('author_role').notNull(),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The person reviewed: the host (for the driveway) or the driver. */
    subjectId: text('subject_id').references(() => users.id, { onDelete: 'set null' }),
    /** The driveway, for a driver's review: its average shows on /rent. */
    drivewayId: uuid('driveway_id'),
    rating: integer('rating').notNull(),
    body: text('body').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('reviews_booking_role_unique').on(t.bookingId, t.authorRole),
    index('reviews_driveway_idx').on(t.drivewayId),
    index('reviews_subject_role_idx').on(t.subjectId, t.authorRole),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_body_length', sql`char_length(${t.body}) <= 1000`),
  ],
);

/**
 * Keys the servers share and keep, made once by whichever server needs one first (the pass
 * code's signing key when PASS_SECRET is not set).
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type Review = typeof reviews.$inferSelect;
