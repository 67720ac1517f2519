/**
 * Game day at the gate (decisions 031, 064): the host checks a car in by the gate code the driver
 * reads out, by the pass's QR (its signed code), or by the booking found by plate on the arrivals
 * list. Only the host of the booking's driveway, only a confirmed booking, only on its day.
 */
import { AppError, type RateLimits, type SessionUser } from '@parkside/core';
import { bookings, driveways, events, listings, users, type Database } from '@parkside/db';
import { isGateCode, normalizeCheckInCode } from '@parkside/validators';
import { and, eq } from 'drizzle-orm';
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
 * The booking a typed or scanned code names for this host. A gate code is looked up among the
 * host's own bookings only; a QR's code carries its booking and a signature. Every wrong code
 * counts against the host's limit, so six characters cannot be guessed by trying them all.
 */
async function bookingOfCode(
  db: Database,
  host: SessionUser,
  typed: string,
  { key, limits }: CheckInOptions,
): Promise<string> {
  const limitKey = `host:${host.id}`;
  const tooMany = (seconds: number) =>
    AppError.tooManyRequests(PASS_ERRORS.tooManyWrongCodes(Math.ceil(seconds / 60)), seconds);
  const wait = await limits.check('gateCodeFailures', limitKey);
  if (wait) throw tooMany(wait);
  const code = normalizeCheckInCode(typed);
  let bookingId: string | null;
  if (isGateCode(code)) {
    const [row] = await selectBookingPlaces(db, { id: bookings.id })
      .where(and(eq(bookings.gateCode, code), eq(driveways.hostId, host.id)))
      .limit(1);
    bookingId = row?.id ?? null;
  } else {
    bookingId = bookingIdOfCode(code, key);
  }
  if (bookingId) return bookingId;
  const after = await limits.consume('gateCodeFailures', limitKey);
  if (after) throw tooMany(after);
  throw new AppError(
    'BAD_REQUEST',
    isGateCode(code) ? PASS_ERRORS.noGateCode(code) : PASS_ERRORS.notOurs,
  );
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
  const byCode = 'code' in input;
  const bookingId = byCode ? await bookingOfCode(db, host, input.code, options) : input.bookingId;
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
    .where(eq(bookings.id, bookingId))
    .limit(1);
  // A booking named by id is someone else's business: it does not exist for this host. A pass
  // they hold in their hands deserves the reason.
  if (!row && byCode) throw new AppError('BAD_REQUEST', PASS_ERRORS.notOurs);
  if (!row || (row.hostId !== host.id && !byCode)) {
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
