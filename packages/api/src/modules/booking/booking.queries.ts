import { exactTime, pastCursor, type PageCursor } from '../../shared/paging';
import { selectBookingPlaces, selectListingPlaces } from '../../shared/booking-places';
import { AppError, type SessionUser } from '@parkside/core';
import { wasCharged } from '@parkside/validators';
import {
  bookings,
  driveways,
  events,
  listings,
  preparedFor,
  users,
  type Database,
  columnsOf,
} from '@parkside/db';
import { and, asc, count, desc, eq, not, sql } from 'drizzle-orm';
import {
  drivewayAddressColumns,
  hostOrAdmin,
  listingSummaryColumns,
  placeWithoutAccess,
  streetWithoutNumber,
} from '../../shared/listings';
import { driverRefundCents, refundCutoff } from '../../shared/refund-rule';
import { drivewayRating, ownReviewOf, reviewStateOf } from '../../shared/reviews';
import { closedReason, conversationClosesAt } from '../../shared/conversations';
import { bookingStateOf, mayMove } from '../../shared/booking-states';

const bookingColumns = {
  ...columnsOf(
    bookings,
    'id status priceCents licensePlate vehicleDescription refundCents cancelledBy cancellationReason cancelledAt paymentStatus checkedInAt holdExpiresAt checkoutUrl createdAt',
  ),
  availableFrom: listings.availableFrom,
  availableTo: listings.availableTo,
  drivewayTitle: driveways.title,
  ...drivewayAddressColumns,
  accessInstructions: driveways.accessInstructions,
  eventId: events.id,
  eventTitle: events.title,
  venueName: events.venueName,
  timeZone: events.timeZone,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  ...ownReviewOf(bookings.id, 'driver'),
};

/**
 * A driver's bookings, or one of them, as two prepared statements (decision 065): My Bookings is
 * what a driver opens again and again on game day, and building and planning this join each time
 * cost more than running it.
 */
function driverBookingsStatement(db: Database, one: boolean) {
  return preparedFor(db, one ? 'driver_booking_by_id' : 'driver_bookings', (name) =>
    selectBookingPlaces(db, bookingColumns)
      .where(
        and(
          eq(bookings.driverId, sql.placeholder('driverId')),
          one
            ? eq(bookings.id, sql.placeholder('bookingId'))
            : // A hold that ran out unpaid is not a booking to the driver; one refunded is.
              not(and(eq(bookings.status, 'expired'), eq(bookings.paymentStatus, 'void'))!),
        ),
      )
      .orderBy(desc(events.startsAt))
      .prepare(name),
  );
}

/**
 * A driver's bookings with everything needed on the day: the full address, access
 * instructions, the window, the total, and what cancelling now would refund.
 */
export async function listDriverBookings(
  db: Database,
  driverId: string,
  fullRefundHours: number,
  now = new Date(),
  only?: string,
) {
  const rows = await driverBookingsStatement(db, only !== undefined).execute(
    only === undefined ? { driverId } : { driverId, bookingId: only },
  );
  return rows.map(({ reviewRating, reviewBody, reviewCreatedAt, cancelledAt, ...booked }) => {
    // A booking that holds no space keeps the street, not the house number or the gate.
    const row =
      booked.status === 'cancelled' || booked.status === 'expired'
        ? placeWithoutAccess(booked)
        : booked;
    const review = reviewStateOf({ ...row, reviewRating, reviewBody, reviewCreatedAt }, now);
    // Every moment at which something below (or the page's "I can't park here") turns by the
    // clock alone: a page of these bookings may be kept until the soonest (decision 071).
    const turns = [
      refundCutoff(row.startsAt, fullRefundHours),
      row.startsAt,
      row.endsAt,
      row.availableFrom,
      row.availableTo,
      row.holdExpiresAt,
      review.editableUntil ? new Date(review.editableUntil) : null,
      conversationClosesAt({ ...row, cancelledAt, eventEndsAt: row.endsAt }),
    ];
    return {
      ...row,
      /** The next moment this booking's words change by the clock alone; null: none ahead. */
      changesAt: nextAfter(turns, now)?.toISOString() ?? null,
      /** Driver and host can still write: before the conversation closes (decision 034). */
      messagesOpen:
        (row.status === 'confirmed' || row.status === 'cancelled') &&
        !closedReason({ ...row, cancelledAt, eventEndsAt: row.endsAt }, now),
      review,
      past: row.endsAt <= now,
      // A checked-in car is parked: its booking can no longer be cancelled (booking-states.ts).
      cancellable: mayMove('cancel', bookingStateOf(row)) && row.startsAt > now,
      checkedInAt: row.checkedInAt?.toISOString() ?? null,
      // Only a card payment can go back; a booking paid on arrival was never charged.
      refundIfCancelledCents: wasCharged(row.paymentStatus)
        ? driverRefundCents(row, row.startsAt, now, fullRefundHours)
        : 0,
      holdExpiresAt: row.holdExpiresAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      availableFrom: row.availableFrom.toISOString(),
      availableTo: row.availableTo.toISOString(),
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
    };
  });
}

/** The earliest of `instants` from `now` on (a rule may still hold at its own instant), or null. */
function nextAfter(instants: (Date | null)[], now: Date): Date | null {
  let next: Date | null = null;
  for (const at of instants) if (at && at >= now && (!next || at < next)) next = at;
  return next;
}

export async function requireDriverBooking(
  db: Database,
  driverId: string,
  bookingId: string,
  fullRefundHours: number,
) {
  const [row] = await listDriverBookings(db, driverId, fullRefundHours, new Date(), bookingId);
  if (!row) throw new AppError('NOT_FOUND', 'Booking not found.');
  return row;
}

/**
 * The summary shown before a driver confirms: price, window, place (no house number yet). Only
 * of a listing that may be booked (open); any other exists here only for its host and for admins,
 * who may look at what drivers will see.
 */
export async function requireListingForBooking(
  db: Database,
  viewer: Pick<SessionUser, 'id' | 'isAdmin'>,
  listingId: string,
) {
  const [row] = await selectListingPlaces(db, {
    ...listingSummaryColumns,
    licensePlateRequired: listings.licensePlateRequired,
    amenities: driveways.amenities,
    hostId: driveways.hostId,
    ...drivewayRating(driveways.id),
  })
    .where(eq(listings.id, listingId))
    .limit(1);
  if (!row || (row.status !== 'open' && !hostOrAdmin(viewer, row.hostId))) {
    throw new AppError('NOT_FOUND', 'That listing is no longer available.');
  }
  return {
    ...row,
    street: streetWithoutNumber(row.street),
    availableFrom: row.availableFrom.toISOString(),
    availableTo: row.availableTo.toISOString(),
    startsAt: row.startsAt.toISOString(),
  };
}

export const EVENT_BOOKINGS_PAGE_SIZE = { default: 100, max: 500 } as const;

/**
 * One page of an event's bookings, oldest first, for hosts and tools to export: a host gets
 * the bookings on their own driveways (the driver's first name), an admin every booking (the
 * driver's full name and e-mail). NOT_FOUND for an event that does not exist.
 */
export async function listEventBookings(
  db: Database,
  user: SessionUser,
  input: { eventId: string; cursor?: string; limit?: number },
) {
  const [event] = await db
    .select({ title: events.title, timeZone: events.timeZone })
    .from(events)
    .where(eq(events.id, input.eventId))
    .limit(1);
  if (!event) throw new AppError('NOT_FOUND', 'Event not found.');
  const limit = input.limit ?? EVENT_BOOKINGS_PAGE_SIZE.default;
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const visible = and(
    eq(bookings.eventId, input.eventId),
    user.isAdmin ? undefined : eq(driveways.hostId, user.id),
  );
  const rows = await selectBookingPlaces(db, {
    id: bookings.id,
    status: bookings.status,
    createdAt: bookings.createdAt,
    exactCreatedAt: exactTime(bookings.createdAt),
    licensePlate: bookings.licensePlate,
    vehicleDescription: bookings.vehicleDescription,
    driverName: users.name,
    driverEmail: users.email,
    drivewayTitle: driveways.title,
    street: driveways.street,
    availableFrom: listings.availableFrom,
    availableTo: listings.availableTo,
    priceCents: bookings.priceCents,
    hostPayoutCents: bookings.hostPayoutCents,
    refundCents: bookings.refundCents,
    paymentStatus: bookings.paymentStatus,
  })
    .leftJoin(users, eq(users.id, bookings.driverId))
    .where(and(visible, pastCursor(bookings.createdAt, bookings.id, after, 'asc')))
    .orderBy(asc(bookings.createdAt), asc(bookings.id))
    .limit(limit + 1);
  const [{ total }] = (await selectBookingPlaces(db, { total: count() }).where(visible)) as [
    { total: number },
  ];
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    event,
    items: page.map(({ driverName, driverEmail, exactCreatedAt: _exact, ...row }) => ({
      ...row,
      driverName: user.isAdmin ? driverName : (driverName?.split(/\s+/)[0] ?? null),
      driverEmail: user.isAdmin ? driverEmail : null,
      createdAt: row.createdAt.toISOString(),
      availableFrom: row.availableFrom.toISOString(),
      availableTo: row.availableTo.toISOString(),
    })),
    /** Every booking the caller may see on the event, on every page. */
    total,
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
  };
}

function encodeCursor(row: { exactCreatedAt: string; id: string }) {
  return Buffer.from(`${row.exactCreatedAt}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): PageCursor {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (
    !at ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3,6}Z$/.test(at) ||
    Number.isNaN(new Date(at).getTime()) ||
    !id ||
    !/^[0-9a-f-]{36}$/.test(id)
  ) {
    throw new AppError('BAD_REQUEST', 'That page cursor is not valid.');
  }
  return { at, id };
}
