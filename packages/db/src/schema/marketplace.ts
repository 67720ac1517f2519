import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  point,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, createdAt, place, pointChecks, updatedAt, uuidKey, uuidRef } from './columns';
import { events } from './events';
import { users } from './users';

export const AMENITIES = [
  'covered',
  'ev_charging',
  'tailgating',
  'restroom',
  'accessible',
  'large_vehicles',
] as const;
export const amenity = pgEnum('amenity', AMENITIES);
export const drivewayStatus = pgEnum('driveway_status', ['active', 'inactive']);
/**
 * `in_review`: waiting for an admin before drivers see it (a new host's first listing, or one
 * with review flags); `rejected`: an admin turned it down (the reason is on the row). Drivers
 * only ever see `open` listings.
 */
export const listingStatus = pgEnum('listing_status', ['open', 'closed', 'in_review', 'rejected']);
/** Why a new listing waits for review (PRODUCT.md §8). */
export const LISTING_REVIEW_FLAGS = [
  'first_listing',
  'no_photos',
  'far_from_venue',
  'high_price',
  'address_listed_by_another_host',
  'host_reported',
] as const;
export const listingReviewFlag = pgEnum('listing_review_flag', LISTING_REVIEW_FLAGS);
/**
 * `pending_payment`: the driver is paying online and the booking holds its space until
 * `hold_expires_at`; `expired`: that hold ran out unpaid (or the driver left the payment page).
 */
export const bookingStatus = pgEnum('booking_status', [
  'confirmed',
  'cancelled',
  'pending_payment',
  'expired',
]);
export const cancelledBy = pgEnum('cancelled_by', ['driver', 'host', 'admin', 'event']);
export const paymentStatus = pgEnum('payment_status', [
  'due_on_arrival',
  'paid',
  'refunded',
  'void',
  'pending',
  'partially_refunded',
  'refund_pending',
]);

/** The place: a host's driveway. Kept (without its host) when the host deletes the account. */
export const driveways = pgTable(
  'driveways',
  {
    id: uuidKey(),
    hostId: text('host_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    ...place(),
    description: text('description').notNull().default(''),
    accessInstructions: text('access_instructions').notNull().default(''),
    /** Car spaces the driveway holds. */
    capacity: integer('capacity').notNull(),
    amenities: amenity('amenities')
      .array()
      .notNull()
      .default(sql`'{}'`),
    photos: text('photos')
      .array()
      .notNull()
      .default(sql`'{}'`),
    status: drivewayStatus('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('driveways_host_id_idx').on(t.hostId),
    check('driveways_capacity_range', sql`${t.capacity} between 1 and 50`),
    ...pointChecks('driveways', t),
  ],
);

/** A driveway offered for one event: one listing per driveway and event. */
export const listings = pgTable(
  'listings',
  {
    id: uuidKey(),
    drivewayId: uuidRef('driveway_id', () => driveways.id, 'restrict'),
    eventId: uuidRef('event_id', () => events.id, 'restrict'),
    /**
     * The driveway's position (x = longitude, y = latitude), copied when the listing is made so
     * the nearest listings of an event come straight from one index.
     */
    location: point('location', { mode: 'xy' }).notNull(),
    priceCents: integer('price_cents').notNull(),
    spacesOffered: integer('spaces_offered').notNull(),
    availableFrom: at('available_from').notNull(),
    availableTo: at('available_to').notNull(),
    licensePlateRequired: boolean('license_plate_required').notNull().default(true),
    status: listingStatus('status').notNull().default('open'),
    /** What sent the listing to review when it was made (empty when it went live at once). */
    reviewFlags: listingReviewFlag('review_flags')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The admin's reason, told to the host, when the listing was rejected. */
    reviewReason: text('review_reason'),
    reviewedAt: at('reviewed_at'),
    /**
     * What the admin saw when rejecting it (terms and the driveway's details), so a listing the
     * host fixes and sends again shows the admin what changed (decision 060).
     */
    reviewSnapshot: jsonb('review_snapshot').$type<Record<string, string>>(),
    /** A listing sent again after a rejection: the reason it was rejected for, and what changed. */
    earlierReviewReason: text('earlier_review_reason'),
    changesSinceReview: text('changes_since_review')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The admin's review queue, oldest first. (Not a partial index on 'in_review': a migration
    // cannot use an enum value in the transaction that adds it.)
    index('listings_status_created_idx').on(t.status, t.createdAt),
    unique('listings_driveway_event_unique').on(t.drivewayId, t.eventId),
    index('listings_event_id_idx').on(t.eventId),
    // /rent's default order: an event's open listings, cheapest first, read a page at a time.
    index('listings_open_event_price_idx')
      .on(t.eventId, t.priceCents, t.id)
      .where(sql`${t.status} = 'open'`),
    // Nearest listings of one event to its venue: KNN on (event, the driveway's position).
    index('listings_event_location_gist_idx').using('gist', t.eventId, t.location),
    check('listings_price_range', sql`${t.priceCents} between 100 and 100000`),
    check('listings_spaces_positive', sql`${t.spacesOffered} >= 1`),
    check('listings_window_order', sql`${t.availableTo} > ${t.availableFrom}`),
  ],
);

/**
 * A driver's booking of one space. Amounts are copied from the listing when booked, so a later
 * price change never touches existing bookings. Kept without personal data when a driver
 * deletes the account.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuidKey(),
    listingId: uuidRef('listing_id', () => listings.id, 'restrict'),
    eventId: uuidRef('event_id', () => events.id, 'restrict'),
    driverId: text('driver_id').references(() => users.id, { onDelete: 'set null' }),
    priceCents: integer('price_cents').notNull(),
    platformFeeCents: integer('platform_fee_cents').notNull(),
    hostPayoutCents: integer('host_payout_cents').notNull(),
    licensePlate: text('license_plate'),
    vehicleDescription: text('vehicle_description'),
    status: bookingStatus('status').notNull().default('confirmed'),
    cancelledBy: cancelledBy('cancelled_by'),
    cancelledAt: at('cancelled_at'),
    cancellationReason: text('cancellation_reason'),
    refundCents: integer('refund_cents').notNull().default(0),
    paymentStatus: paymentStatus('payment_status').notNull(),
    /** The client's key for this request: sending it again returns the same booking. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** While `pending_payment`: the space is held until then. */
    holdExpiresAt: at('hold_expires_at'),
    /** The payment page (Stripe Checkout Session) and what it charged. */
    checkoutSessionId: text('checkout_session_id').unique(),
    checkoutUrl: text('checkout_url'),
    paymentIntentId: text('payment_intent_id'),
    refundId: text('refund_id'),
    /** The host payout this booking was paid out in (once). */
    payoutId: uuid('payout_id'),
    /** When the host checked the car in on the day (by plate or the pass's QR). */
    checkedInAt: at('checked_in_at'),
    /**
     * The code a driver reads to the host at the gate: 6 characters without look-alikes, made by
     * `new_gate_code()` in PostgreSQL (migration 0032), unique among all bookings (decision 064).
     */
    gateCode: text('gate_code')
      .notNull()
      .default(sql`new_gate_code()`),
    createdAt: createdAt(),
  },
  (t) => [
    unique('bookings_gate_code_unique').on(t.gateCode),
    unique('bookings_driver_idempotency_unique').on(t.driverId, t.idempotencyKey),
    index('bookings_listing_status_idx').on(t.listingId, t.status),
    index('bookings_driver_id_idx').on(t.driverId),
    // An event's bookings: the spaces left on /events cards, the host's and admin's lists.
    index('bookings_event_status_idx').on(t.eventId, t.status),
    // The admin figures: bookings made and cancelled in a window, read from the index alone.
    // Their INCLUDE columns (what the figures read) are in migrations 0017 and 0037: drizzle-kit
    // does not write INCLUDE. admin-figures-plan.test.ts fails when a figure reads a column
    // they do not carry.
    index('bookings_created_at_idx').on(t.createdAt),
    index('bookings_cancelled_at_idx')
      .on(t.cancelledAt)
      .where(sql`${t.cancelledAt} is not null`),
    check('bookings_amounts', sql`${t.platformFeeCents} + ${t.hostPayoutCents} = ${t.priceCents}`),
    check('bookings_refund_range', sql`${t.refundCents} between 0 and ${t.priceCents}`),
  ],
);

export type Driveway = typeof driveways.$inferSelect;
export type Listing = typeof listings.$inferSelect;
export type Booking = typeof bookings.$inferSelect;
