/**
 * Game day at the gate (decisions 031, 064): the host checks a car in by the gate code the driver
 * reads out, by the pass's QR (its signed code), or by the booking found by plate on the arrivals
 * list. Only the host of the booking's driveway, only a confirmed booking, only on its day.
 */
import { AppError, type RateLimits, type SessionUser } from '@parkside/core';
import { bookings, driveways, events, listings, users, type Database } from '@parkside/db';
import { isGateCode, normalizeCheckInCode } from '@parkside/validators';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { selectBookingPlaces } from '../../shared/booking-places';
import { refusalOf, tryMoveBooking } from '../../shared/booking-states';
import { firstName } from '../notifications/booking-rows';
import { bookingIdOfCode } from './check-in-code';
import { localDay, longDay, PASS_ERRORS } from './pass.service';

export interface CheckInOptions {
  /** Signs the QR's code (`passKey`). */
  key: string;
  /** Wrong codes are counted per host, like failed sign-ins (`gateCodeFailures`). */
  limits: RateLimits;
  now?: Date;
}

/**
 * Which booking a typed or scanned code names for this host, as a condition on the booking query:
 * a gate code among the host's own bookings only; a QR's code by its booking, if its signature
 * holds. Null: the code names none.
 */
function bookingNamedBy(code: string, host: SessionUser, key: string): SQL | null {
  if (isGateCode(code)) return and(eq(bookings.gateCode, code), eq(driveways.hostId, host.id))!;
  const bookingId = bookingIdOfCode(code, key);
  return bookingId ? eq(bookings.id, bookingId) : null;
}

/**
 * Checks a car in. The check-in is the `checkIn` change of booking-states.ts: of a check-in and a
 * cancel racing, one wins; of two check-ins, the first sets the time and the second is told the
 * car was already checked in.
 */
export async function checkIn(
  db: Database,
  host: SessionUser,
  input: { code: string } | { bookingId: string },
  options: CheckInOptions,
) {
  const now = options.now ?? new Date();
  const code = 'code' in input ? normalizeCheckInCode(input.code) : null;
  // Every wrong code counts against the host's limit, so six characters cannot be guessed by
  // trying them all; a car found by plate is not a guess.
  const limitKey = `host:${host.id}`;
  const tooMany = (seconds: number) =>
    AppError.tooManyRequests(PASS_ERRORS.tooManyWrongCodes(Math.ceil(seconds / 60)), seconds);
  if (code !== null) {
    const wait = await options.limits.check('gateCodeFailures', limitKey);
    if (wait) throw tooMany(wait);
  }
  const where =
    'bookingId' in input
      ? eq(bookings.id, input.bookingId)
      : bookingNamedBy(code!, host, options.key);
  const [row] = await selectBookingPlaces(db, {
    id: bookings.id,
    status: bookings.status,
    checkedInAt: bookings.checkedInAt,
    licensePlate: bookings.licensePlate,
    vehicleDescription: bookings.vehicleDescription,
    hostId: driveways.hostId,
    driverName: users.name,
    availableFrom: listings.availableFrom,
    availableTo: listings.availableTo,
    timeZone: events.timeZone,
  })
    .leftJoin(users, eq(users.id, bookings.driverId))
    .where(where ?? sql`false`)
    .limit(1);
  if (!row && code !== null) {
    const after = await options.limits.consume('gateCodeFailures', limitKey);
    if (after) throw tooMany(after);
    throw new AppError(
      'BAD_REQUEST',
      isGateCode(code) ? PASS_ERRORS.noGateCode(code) : PASS_ERRORS.notOurs,
    );
  }
  // A booking named by id is someone else's business: it does not exist for this host. A pass
  // they hold in their hands deserves the reason.
  if (!row || (row.hostId !== host.id && code === null)) {
    throw new AppError('NOT_FOUND', 'Booking not found.');
  }
  if (row.hostId !== host.id) throw new AppError('FORBIDDEN', PASS_ERRORS.otherHost);
  const today = localDay(now, row.timeZone);
  if (
    row.status === 'confirmed' &&
    today !== localDay(row.availableFrom, row.timeZone) &&
    today !== localDay(row.availableTo, row.timeZone)
  ) {
    throw new AppError('CONFLICT', PASS_ERRORS.otherDay(longDay(row.availableFrom, row.timeZone)));
  }
  const result = await tryMoveBooking(db, row.id, 'checkIn', { checkedInAt: now });
  if (!result.moved && result.state !== 'checked_in') {
    throw new AppError('CONFLICT', refusalOf('checkIn', result.state));
  }
  return {
    bookingId: row.id,
    licensePlate: row.licensePlate,
    vehicleDescription: row.vehicleDescription,
    driverFirstName: firstName(row.driverName, 'A driver'),
    checkedInAt: result.booking.checkedInAt!.toISOString(),
    alreadyCheckedIn: !result.moved,
  };
}
