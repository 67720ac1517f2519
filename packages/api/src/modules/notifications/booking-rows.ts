import { bookings, driveways, events, listings, users, type Database } from '@parkside/db';
import type { BookingSummary } from '@parkside/email';
import { formatUsd } from '@parkside/validators';
import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatInZone, formatWindow } from './format';

const hosts = alias(users, 'host_user');

/** Everything a booking e-mail needs, for the given bookings (driver and host may be gone). */
export async function loadBookings(db: Database, bookingIds: string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      booking: bookings,
      event: events,
      driveway: driveways,
      listing: listings,
      driver: { name: users.name, email: users.email },
      host: { name: hosts.name, email: hosts.email },
    })
    .from(bookings)
    .innerJoin(listings, eq(listings.id, bookings.listingId))
    .innerJoin(driveways, eq(driveways.id, listings.drivewayId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(users, eq(users.id, bookings.driverId))
    .leftJoin(hosts, eq(hosts.id, driveways.hostId))
    .where(inArray(bookings.id, bookingIds));
}

export type LoadedBooking = Awaited<ReturnType<typeof loadBookings>>[number];

/** The lines every booking e-mail shows: event, place, window, price, car. */
export function summaryOf({ booking, event, driveway, listing }: LoadedBooking): BookingSummary {
  return {
    eventTitle: event.title,
    eventStarts: formatInZone(event.startsAt, event.timeZone),
    drivewayTitle: driveway.title,
    address: `${driveway.street}, ${driveway.city}, ${driveway.region} ${driveway.postalCode}`,
    window: formatWindow(listing.availableFrom, listing.availableTo, event.timeZone),
    price: formatUsd(booking.priceCents),
    licensePlate: booking.licensePlate,
    vehicle: booking.vehicleDescription,
  };
}

/** A person's first name, as hosts see drivers on the day. */
export function firstName(name: string | null | undefined, fallback: string): string {
  return (name ?? fallback).split(/\s+/)[0] || fallback;
}
