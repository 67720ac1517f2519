import { bookingStateOf } from '../../shared/booking-states';
import { selectBookingPlaces } from '../../shared/booking-places';
import { numberedPage, type PageRequest } from '../../shared/paging';
import { AppError } from '@parkside/core';
import {
  bookings,
  driveways,
  events,
  eventWaitlist,
  listings,
  users,
  type Database,
  columnsOf,
} from '@parkside/db';
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { containing } from './admin-users.service';

export const EVENT_NOT_FOUND = 'No event has that id.';
export type EventStatusFilter = 'scheduled' | 'cancelled' | 'archived';

// Written out: inside a sub-select Drizzle leaves columns unqualified ("id" would be the
// booking's own).
const confirmedBookings = sql<number>`(select count(*)::int from bookings b
  where b.event_id = "events"."id" and b.status = 'confirmed')`;
const spacesOffered = sql<number>`(select coalesce(sum(l.spaces_offered), 0)::int
  from listings l where l.event_id = "events"."id" and l.status = 'open')`;

/** Every event, whatever its status, newest start first; by title, venue or city; paged. */
export async function listAllEvents(
  db: Database,
  { q, status, ...paging }: { q?: string; status?: EventStatusFilter } & PageRequest,
) {
  const where = and(
    q
      ? or(
          ilike(events.title, containing(q)),
          ilike(events.venueName, containing(q)),
          ilike(events.city, containing(q)),
        )
      : undefined,
    status ? eq(events.status, status) : undefined,
  );
  return numberedPage(
    paging,
    (limit, offset) =>
      db
        .select({
          ...columnsOf(
            events,
            'id title slug venueName city region startsAt endsAt timeZone status',
          ),
          confirmedBookings,
          spacesOffered,
        })
        .from(events)
        .where(where)
        .orderBy(desc(events.startsAt), asc(events.id))
        .limit(limit)
        .offset(offset),
    db.select({ n: count() }).from(events).where(where),
    (row) => ({ ...row, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString() }),
  );
}

/** One event for the admin: its listings, bookings and wait-list. */
export async function requireEventForAdmin(db: Database, id: string, now = new Date()) {
  const [event] = await db
    .select({
      ...columnsOf(
        events,
        'id title slug venueName street city region startsAt endsAt timeZone status createdBy',
      ),
      creatorEmail: users.email,
    })
    .from(events)
    .leftJoin(users, eq(users.id, events.createdBy))
    .where(eq(events.id, id))
    .limit(1);
  if (!event) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  const [eventListings, eventBookings, waitlist] = await Promise.all([
    db
      .select({
        id: listings.id,
        drivewayTitle: driveways.title,
        street: driveways.street,
        city: driveways.city,
        hostId: driveways.hostId,
        hostName: users.name,
        hostEmail: users.email,
        priceCents: listings.priceCents,
        spacesOffered: listings.spacesOffered,
        spacesBooked: sql<number>`(select count(*)::int from bookings b
          where b.listing_id = "listings"."id" and b.status = 'confirmed')`,
        status: listings.status,
      })
      .from(listings)
      .innerJoin(driveways, eq(driveways.id, listings.drivewayId))
      .leftJoin(users, eq(users.id, driveways.hostId))
      .where(eq(listings.eventId, id))
      .orderBy(asc(listings.priceCents), asc(listings.id)),
    selectBookingPlaces(db, {
      id: bookings.id,
      driverId: bookings.driverId,
      driverName: users.name,
      driverEmail: users.email,
      ...columnsOf(
        bookings,
        'licensePlate vehicleDescription status priceCents refundCents paymentStatus cancelledBy cancelledAt checkedInAt createdAt',
      ),
      drivewayTitle: driveways.title,
    })
      .leftJoin(users, eq(users.id, bookings.driverId))
      .where(eq(bookings.eventId, id))
      .orderBy(desc(bookings.createdAt), asc(bookings.id))
      .limit(1000),
    db
      .select({
        id: eventWaitlist.id,
        email: eventWaitlist.email,
        userId: eventWaitlist.userId,
        name: users.name,
        createdAt: eventWaitlist.createdAt,
        notifiedAt: eventWaitlist.notifiedAt,
      })
      .from(eventWaitlist)
      .leftJoin(users, eq(users.id, eventWaitlist.userId))
      .where(eq(eventWaitlist.eventId, id))
      .orderBy(asc(eventWaitlist.createdAt)),
  ]);
  const confirmed = eventBookings.filter((b) => b.status === 'confirmed');
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    event: {
      ...event,
      startsAt: event.startsAt.toISOString(),
      endsAt: event.endsAt.toISOString(),
      ended: event.endsAt <= now,
    },
    spaces: {
      offered: eventListings
        .filter((l) => l.status === 'open')
        .reduce((sum, l) => sum + l.spacesOffered, 0),
      booked: confirmed.length,
    },
    /**
     * What cancelling the event now would do: this many bookings cancelled, and the card
     * payments among them refunded in full (bookings paid on arrival were never charged).
     */
    cancelWouldRefund: {
      bookings: confirmed.length,
      paidByCard: confirmed.filter((b) => b.paymentStatus === 'paid').length,
      cents: confirmed
        .filter((b) => b.paymentStatus === 'paid')
        .reduce((sum, b) => sum + b.priceCents - b.refundCents, 0),
    },
    listings: eventListings,
    bookings: eventBookings.map((b) => ({
      ...b,
      cancelledAt: iso(b.cancelledAt),
      checkedInAt: iso(b.checkedInAt),
      createdAt: b.createdAt.toISOString(),
      /** What an admin may reverse (booking-states.ts); the API checks again when asked. */
      reversal:
        bookingStateOf(b) === 'checked_in'
          ? ('undoCheckIn' as const)
          : b.status === 'cancelled' && b.cancelledBy !== 'event' && event.endsAt > now
            ? ('restore' as const)
            : null,
    })),
    waitlist: waitlist.map((w) => ({
      ...w,
      createdAt: w.createdAt.toISOString(),
      notifiedAt: iso(w.notifiedAt),
    })),
  };
}
