import {
  bookings,
  driveways,
  events,
  googleWalletObjects,
  listings,
  preparedFor,
  users,
  type Database,
} from '@parkside/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias, type PgSelectBase, type SelectedFields } from 'drizzle-orm/pg-core';

/** A select of `fields` over these tables, all inner-joined; open to more joins and clauses. */
type JoinedSelect<
  TFrom extends string,
  TTables extends string,
  T extends SelectedFields,
> = PgSelectBase<TFrom, T, 'partial', Record<TFrom | TTables, 'not-null'>, true>;

/**
 * The base booking query: bookings with the listing, the driveway and the event each one is
 * for. Every read of a booking together with its place starts here, so the join is written
 * once; a caller adds its own joins (the driver, the host, a report), filters and order.
 */
export function selectBookingPlaces<T extends SelectedFields>(
  db: Database,
  fields: T,
): JoinedSelect<'bookings', 'listings' | 'driveways' | 'events', T> {
  // Drizzle cannot follow a join's types through a generic selection; the declared type is the
  // one it computes for any concrete `fields` (a partial select joined on non-null keys).
  return db
    .select(fields as SelectedFields)
    .from(bookings)
    .innerJoin(listings, eq(listings.id, bookings.listingId))
    .innerJoin(driveways, eq(driveways.id, listings.drivewayId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .$dynamic() as never;
}

/** The base listing query: listings with their driveway and their event. */
export function selectListingPlaces<T extends SelectedFields>(
  db: Database,
  fields: T,
): JoinedSelect<'listings', 'driveways' | 'events', T> {
  return db
    .select(fields as SelectedFields)
    .from(listings)
    .innerJoin(driveways, eq(driveways.id, listings.drivewayId))
    .innerJoin(events, eq(events.id, listings.eventId))
    .$dynamic() as never;
}

/**
 * A driver's own booking with its listing, driveway, event and the host's name, by id: one
 * prepared statement. The pass and its "I can't park here" state read it on every view, and
 * PostgreSQL took longer to plan this join (1 to 3 ms) than to run it (0.2 ms).
 */
export async function readDriverBookingPlace(db: Database, bookingId: string, driverId: string) {
  const statement = preparedFor(db, 'driver_booking_place', (name) =>
    selectBookingPlaces(db, {
      booking: bookings,
      listing: listings,
      driveway: driveways,
      event: events,
      hostName: users.name,
      googleWalletState: googleWalletObjects.state,
    })
      .leftJoin(users, eq(users.id, driveways.hostId))
      .leftJoin(googleWalletObjects, eq(googleWalletObjects.bookingId, bookings.id))
      .where(
        and(
          eq(bookings.id, sql.placeholder('bookingId')),
          eq(bookings.driverId, sql.placeholder('driverId')),
        ),
      )
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute({ bookingId, driverId });
  return row;
}

const hostUsers = alias(users, 'host_user');

/**
 * The base booking query with both people: a booking, its listing, driveway and event, and the
 * driver's and the host's name and e-mail (null for an account since deleted). What every
 * booking e-mail is written from; lock it with `.for('update', { of: bookings })`.
 */
export function selectBookingsWithPeople(db: Database) {
  return selectBookingPlaces(db, {
    booking: bookings,
    listing: listings,
    driveway: driveways,
    event: events,
    driver: { name: users.name, email: users.email },
    host: { name: hostUsers.name, email: hostUsers.email },
  })
    .leftJoin(users, eq(users.id, bookings.driverId))
    .leftJoin(hostUsers, eq(hostUsers.id, driveways.hostId));
}

export type BookingWithPeople = Awaited<ReturnType<typeof selectBookingsWithPeople>>[number];

/** `selectBookingsWithPeople` for the given bookings. */
export async function loadBookingsWithPeople(
  db: Database,
  bookingIds: string[],
): Promise<BookingWithPeople[]> {
  if (bookingIds.length === 0) return [];
  return selectBookingsWithPeople(db).where(inArray(bookings.id, bookingIds));
}
