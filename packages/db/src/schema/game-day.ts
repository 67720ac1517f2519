import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { at, uuidKey, createdAt, updatedAt, uuidRef } from './columns';
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
    id: uuidKey(),
    bookingId: uuidRef('booking_id', () => bookings.id, 'cascade'),
    authorRole: reviewAuthorRole('author_role').notNull(),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The person reviewed: the host (for the driveway) or the driver. */
    subjectId: text('subject_id').references(() => users.id, { onDelete: 'set null' }),
    /** The driveway, for a driver's review: its average shows on /rent. */
    drivewayId: uuid('driveway_id'),
    rating: integer('rating').notNull(),
    body: text('body').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
  createdAt: createdAt(),
});

export type Review = typeof reviews.$inferSelect;

/** What a driver found at the driveway they booked ("I can't park here", PRODUCT.md §8). */
export const PARKING_REPORT_REASONS = ['blocked', 'no_space', 'cant_find', 'unsafe'] as const;
export const parkingReportReason = pgEnum('parking_report_reason', PARKING_REPORT_REASONS);
/** What the driver chose at once: the nearest open driveway at no extra cost, or a full refund. */
export const parkingReportOutcome = pgEnum('parking_report_outcome', ['rebooked', 'refunded']);

/**
 * A driver's report that the booked space could not be used, and what was done about it. One per
 * booking (the unique key is what makes a second tap, on any server, find the first outcome).
 */
export const parkingReports = pgTable(
  'parking_reports',
  {
    id: uuidKey(),
    bookingId: uuidRef('booking_id', () => bookings.id, 'cascade'),
    driverId: text('driver_id').references(() => users.id, { onDelete: 'set null' }),
    /** The reported driveway's host, when the report was made: two reports in 90 days flag them. */
    hostId: text('host_id').references(() => users.id, { onDelete: 'set null' }),
    reason: parkingReportReason('reason').notNull(),
    note: text('note').notNull().default(''),
    /** The driver's photo of the spot, if they took one. */
    photoUrl: text('photo_url'),
    outcome: parkingReportOutcome('outcome').notNull(),
    /** The booking the driver was moved to (outcome `rebooked`). */
    newBookingId: uuid('new_booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** What the new driveway costs above what the driver paid: Parkside bears it. */
    waivedCents: integer('waived_cents').notNull().default(0),
    /** What went back to the driver's card (outcome `refunded` of a card payment). */
    refundCents: integer('refund_cents').notNull().default(0),
    hostReply: text('host_reply'),
    hostRepliedAt: at('host_replied_at'),
    /** An admin found the report unfounded: it no longer counts against the host. */
    reversedAt: at('reversed_at'),
    reversedBy: text('reversed_by'),
    reversalReason: text('reversal_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('parking_reports_booking_unique').on(t.bookingId),
    index('parking_reports_host_created_idx').on(t.hostId, t.createdAt),
    index('parking_reports_created_idx').on(t.createdAt),
    check('parking_reports_note_length', sql`char_length(${t.note}) <= 500`),
    check('parking_reports_reply_length', sql`char_length(${t.hostReply}) <= 1000`),
    check('parking_reports_money', sql`${t.waivedCents} >= 0 and ${t.refundCents} >= 0`),
  ],
);

export type ParkingReport = typeof parkingReports.$inferSelect;
