/**
 * Game day (decisions 031, 064): the driver's pass with its gate code and signed QR code, and the
 * host's arrivals list (the check-in is in check-in.service.ts). Only a booking's driver sees its
 * pass; only the host of its driveway sees its car arriving.
 */
import { readDriverBookingPlace, selectBookingPlaces } from '../../shared/booking-places';
import { AppError, type SessionUser } from '@parkside/core';
import { bookings, driveways, events, listings, users, type Database } from '@parkside/db';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import { dateTimeFormat, driverMoneyLine, spacedGateCode } from '@parkside/validators';
import { firstName } from '../notifications/booking-rows';
import { checkInCodeFor } from './check-in-code';
import { placeWithoutAccess } from '../../shared/listings';
import { BOOKING_STATE_ERRORS } from '../../shared/booking-states';
import { keptSecret } from '../../shared/kept-secrets';

export const PASS_ERRORS = {
  notOurs:
    'This is not a Parkside pass, or a character of it is wrong. Check the code and try again.',
  otherHost: 'This pass is for a driveway of another host.',
  cancelled: BOOKING_STATE_ERRORS.cancelled,
  unpaid: BOOKING_STATE_ERRORS.unpaid,
  otherDay: (day: string) => `This pass is for ${day}, not today.`,
  noGateCode: (code: string) =>
    `No pass for your driveways has the code ${spacedGateCode(code)}. Check it with the driver, or find the car by its plate.`,
  tooManyWrongCodes: (minutes: number) =>
    `Too many wrong codes. Find the car by its plate, or type a code again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
} as const;

/**
 * The key that signs check-in codes: PASS_SECRET when set; otherwise one kept in the database.
 */
export function passKey(db: Database, configured?: string | null): Promise<string> {
  return keptSecret(db, 'pass-signing-key', configured);
}

export const localDay = (date: Date, timeZone: string) =>
  dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    date,
  );
export const longDay = (date: Date, timeZone: string) =>
  dateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(
    date,
  );

/** The driver's pass: everything needed to get in, and the code the host scans. */
export async function requirePass(
  db: Database,
  driver: Pick<SessionUser, 'id'>,
  bookingId: string,
  key: string,
) {
  const row = await readDriverBookingPlace(db, bookingId, driver.id);
  if (!row || row.booking.status === 'expired' || row.booking.status === 'pending_payment') {
    throw new AppError('NOT_FOUND', 'Booking not found.');
  }
  const { booking, listing, driveway, event } = row;
  const code = checkInCodeFor(booking.id, key);
  const place = {
    street: driveway.street,
    latitude: driveway.latitude,
    longitude: driveway.longitude,
    accessInstructions: driveway.accessInstructions,
  };
  return {
    bookingId: booking.id,
    status: booking.status as 'confirmed' | 'cancelled',
    checkedInAt: booking.checkedInAt?.toISOString() ?? null,
    /** The signed code the QR holds. */
    code,
    /** What the driver reads to the host: "K7F 3QX". */
    gateCode: spacedGateCode(booking.gateCode),
    licensePlate: booking.licensePlate,
    vehicleDescription: booking.vehicleDescription,
    event: {
      id: event.id,
      title: event.title,
      venueName: event.venueName,
      startsAt: event.startsAt.toISOString(),
      endsAt: event.endsAt.toISOString(),
      timeZone: event.timeZone,
      status: event.status,
    },
    availableFrom: listing.availableFrom.toISOString(),
    availableTo: listing.availableTo.toISOString(),
    driveway: {
      title: driveway.title,
      ...(booking.status === 'cancelled' ? placeWithoutAccess(place) : place),
      city: driveway.city,
      region: driveway.region,
      postalCode: driveway.postalCode,
      photo: driveway.photos[0] ?? null,
    },
    hostName: row.hostName ?? 'Your host',
    /** Whether the pass's object is saved at Google and shows it valid (decision 066). */
    googleWalletSaved: row.googleWalletState === 'ACTIVE',
    /** What is due to the host at the curb, or what was paid (the money story's words). */
    payment: booking.status === 'confirmed' ? driverMoneyLine(booking) : null,
  };
}

/** Events of the host's driveways from today to tomorrow (in each event's zone). */
export async function listArrivals(db: Database, host: SessionUser, key: string, now = new Date()) {
  const rows = await selectBookingPlaces(db, {
    bookingId: bookings.id,
    gateCode: bookings.gateCode,
    licensePlate: bookings.licensePlate,
    vehicleDescription: bookings.vehicleDescription,
    checkedInAt: bookings.checkedInAt,
    driverName: users.name,
    availableFrom: listings.availableFrom,
    availableTo: listings.availableTo,
    drivewayTitle: driveways.title,
    eventId: events.id,
    eventTitle: events.title,
    startsAt: events.startsAt,
    timeZone: events.timeZone,
  })
    .leftJoin(users, eq(users.id, bookings.driverId))
    .where(
      and(
        eq(driveways.hostId, host.id),
        eq(bookings.status, 'confirmed'),
        eq(events.status, 'scheduled'),
        gt(listings.availableTo, new Date(now.getTime() - 6 * 3_600_000)),
        lt(events.startsAt, new Date(now.getTime() + 60 * 3_600_000)),
      ),
    )
    .orderBy(asc(events.startsAt), asc(listings.availableFrom), asc(bookings.licensePlate));
  const groups: {
    eventId: string;
    eventTitle: string;
    day: 'today' | 'tomorrow';
    dayLabel: string;
    timeZone: string;
    cars: {
      bookingId: string;
      licensePlate: string | null;
      vehicleDescription: string | null;
      driverFirstName: string;
      drivewayTitle: string;
      availableFrom: string;
      availableTo: string;
      checkedInAt: string | null;
      /** The pass's signed code (the QR) normalized: the host's phone matches scans offline. */
      codeKey: string;
      /** The gate code the driver reads out: the host's phone matches it offline too. */
      gateCode: string;
    }[];
  }[] = [];
  for (const row of rows) {
    const today = localDay(now, row.timeZone);
    const tomorrow = localDay(new Date(now.getTime() + 86_400_000), row.timeZone);
    const days = [
      localDay(row.availableFrom, row.timeZone),
      localDay(row.availableTo, row.timeZone),
    ];
    const day = days.includes(today) ? 'today' : days.includes(tomorrow) ? 'tomorrow' : null;
    if (!day) continue;
    let group = groups.find((g) => g.eventId === row.eventId);
    if (!group) {
      group = {
        eventId: row.eventId,
        eventTitle: row.eventTitle,
        day,
        dayLabel: longDay(row.startsAt, row.timeZone),
        timeZone: row.timeZone,
        cars: [],
      };
      groups.push(group);
    }
    group.cars.push({
      bookingId: row.bookingId,
      licensePlate: row.licensePlate,
      vehicleDescription: row.vehicleDescription,
      driverFirstName: firstName(row.driverName, 'A driver'),
      drivewayTitle: row.drivewayTitle,
      availableFrom: row.availableFrom.toISOString(),
      availableTo: row.availableTo.toISOString(),
      checkedInAt: row.checkedInAt?.toISOString() ?? null,
      codeKey: checkInCodeFor(row.bookingId, key),
      gateCode: row.gateCode,
    });
  }
  return groups;
}
