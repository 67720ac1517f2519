import { bookings, driveways, events, listings, type Database } from '@parkside/db';
import { desc, eq } from 'drizzle-orm';
import { AppError } from '@parkside/core';
import { listingSummaryColumns } from '../listing/listing.queries';
import { driverRefundCents } from './booking.service';

const bookingColumns = {
  id: bookings.id,
  status: bookings.status,
  priceCents: bookings.priceCents,
  licensePlate: bookings.licensePlate,
  vehicleDescription: bookings.vehicleDescription,
  refundCents: bookings.refundCents,
  cancelledBy: bookings.cancelledBy,
  cancellationReason: bookings.cancellationReason,
  paymentStatus: bookings.paymentStatus,
  createdAt: bookings.createdAt,
  availableFrom: listings.availableFrom,
  availableTo: listings.availableTo,
  drivewayTitle: driveways.title,
  street: driveways.street,
  city: driveways.city,
  region: driveways.region,
  postalCode: driveways.postalCode,
  latitude: driveways.latitude,
  longitude: driveways.longitude,
  accessInstructions: driveways.accessInstructions,
  eventId: events.id,
  eventTitle: events.title,
  venueName: events.venueName,
  timeZone: events.timeZone,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
};

/**
 * A driver's bookings with everything needed on the day: the full address, access
 * instructions, the window, the total, and what cancelling now would refund.
 */
export async function listDriverBookings(
  db: Database,
  driverId: string,
  fullRefundHours: number,
  now = new Date(),
) {
  const rows = await db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(listings, eq(listings.id, bookings.listingId))
    .innerJoin(driveways, eq(driveways.id, listings.drivewayId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(eq(bookings.driverId, driverId))
    .orderBy(desc(events.startsAt));
  return rows.map((row) => ({
    ...row,
    past: row.endsAt <= now,
    cancellable: row.status === 'confirmed' && row.startsAt > now,
    refundIfCancelledCents: driverRefundCents(row, row.startsAt, now, fullRefundHours),
    createdAt: row.createdAt.toISOString(),
    availableFrom: row.availableFrom.toISOString(),
    availableTo: row.availableTo.toISOString(),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
  }));
}

export async function getDriverBooking(
  db: Database,
  driverId: string,
  bookingId: string,
  fullRefundHours: number,
) {
  const [row] = (await listDriverBookings(db, driverId, fullRefundHours)).filter(
    (b) => b.id === bookingId,
  );
  if (!row) throw new AppError('NOT_FOUND', 'Booking not found.');
  return row;
}

/** The summary shown before a driver confirms: price, window, place (no house number yet). */
export async function getListingForBooking(db: Database, listingId: string) {
  const [row] = await db
    .select({
      ...listingSummaryColumns,
      licensePlateRequired: listings.licensePlateRequired,
      amenities: driveways.amenities,
    })
    .from(listings)
    .innerJoin(driveways, eq(driveways.id, listings.drivewayId))
    .innerJoin(events, eq(events.id, listings.eventId))
    .where(eq(listings.id, listingId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'That listing is no longer available.');
  return {
    ...row,
    street: row.street.replace(/^\d+[a-z]?\s+/i, ''),
    availableFrom: row.availableFrom.toISOString(),
    availableTo: row.availableTo.toISOString(),
    startsAt: row.startsAt.toISOString(),
  };
}
