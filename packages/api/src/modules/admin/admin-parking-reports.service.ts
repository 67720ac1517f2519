import { selectBookingPlaces } from '../../shared/booking-places';
import { AppError } from '@parkside/core';
import {
  bookings,
  driveways,
  events,
  listings,
  parkingReports,
  users,
  type Database,
  columnsOf,
} from '@parkside/db';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { REPORT_FLAG_DAYS, REPORTS_TO_FLAG } from '../../shared/parking-reports';

const drivers = alias(users, 'drivers');
const hosts = alias(users, 'hosts');
const newBookings = alias(bookings, 'new_bookings');
const newListings = alias(listings, 'new_listings');
const newDriveways = alias(driveways, 'new_driveways');

/** Standing reports against the row's host in the 90 days before now. */
const standing = sql<number>`(select count(*)::int from ${parkingReports} r
  where r.host_id = ${parkingReports.hostId} and r.reversed_at is null
    and r.created_at > now() - make_interval(days => ${REPORT_FLAG_DAYS}))`;

/** Every report, newest first: the evidence, what the driver chose, the host's answer. */
export async function listParkingReports(db: Database, limit = 100) {
  const rows = await selectBookingPlaces(db, {
    id: parkingReports.id,
    createdAt: parkingReports.createdAt,
    problem: parkingReports.reason,
    ...columnsOf(parkingReports, 'note photoUrl outcome waivedCents refundCents'),
    priceCents: bookings.priceCents,
    paidByCard: sql<boolean>`${bookings.paymentIntentId} is not null or ${newBookings.paymentIntentId} is not null`,
    hostReply: parkingReports.hostReply,
    reversedAt: parkingReports.reversedAt,
    reversalReason: parkingReports.reversalReason,
    drivewayTitle: driveways.title,
    newDrivewayTitle: newDriveways.title,
    eventTitle: events.title,
    timeZone: events.timeZone,
    driverName: drivers.name,
    driverEmail: drivers.email,
    hostId: parkingReports.hostId,
    hostName: hosts.name,
    hostEmail: hosts.email,
    standing,
  })
    .innerJoin(parkingReports, eq(parkingReports.bookingId, bookings.id))
    .leftJoin(newBookings, eq(newBookings.id, parkingReports.newBookingId))
    .leftJoin(newListings, eq(newListings.id, newBookings.listingId))
    .leftJoin(newDriveways, eq(newDriveways.id, newListings.drivewayId))
    .leftJoin(drivers, eq(drivers.id, parkingReports.driverId))
    .leftJoin(hosts, eq(hosts.id, parkingReports.hostId))
    .orderBy(desc(parkingReports.createdAt), desc(parkingReports.id))
    .limit(limit);
  return rows.map(({ standing: count, ...row }) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    reversedAt: row.reversedAt?.toISOString() ?? null,
    hostFlagged: count >= REPORTS_TO_FLAG,
    hostStandingReports: count,
  }));
}

/**
 * An admin finds a report unfounded: it stops counting against the host (and so toward the flag).
 * Once; the money already moved for the driver stays where it went.
 */
export async function reverseParkingReport(
  db: Database,
  adminId: string,
  input: { reportId: string; reason: string },
) {
  const [reversed] = await db
    .update(parkingReports)
    .set({ reversedAt: new Date(), reversedBy: adminId, reversalReason: input.reason })
    .where(and(eq(parkingReports.id, input.reportId), isNull(parkingReports.reversedAt)))
    .returning({ id: parkingReports.id, hostId: parkingReports.hostId });
  if (reversed) {
    const [label] = await selectBookingPlaces(db, {
      drivewayTitle: driveways.title,
      eventTitle: events.title,
    })
      .innerJoin(parkingReports, eq(parkingReports.bookingId, bookings.id))
      .where(eq(parkingReports.id, reversed.id));
    return { id: reversed.id, label: `${label!.drivewayTitle} · ${label!.eventTitle}` };
  }
  const [exists] = await db
    .select({ id: parkingReports.id })
    .from(parkingReports)
    .where(eq(parkingReports.id, input.reportId));
  if (!exists) throw new AppError('NOT_FOUND', 'Report not found.');
  throw new AppError('CONFLICT', 'This report was already reversed.');
}
