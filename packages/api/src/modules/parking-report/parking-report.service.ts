/**
 * "I can't park here" (PRODUCT.md §8, decision 043): during the parking window a driver reports
 * that the booked space cannot be used and chooses at once the nearest open driveway for the same
 * event at no extra cost, or a full refund. One report per booking, decided under the booking's
 * row lock: a second tap, on any server, finds the first outcome.
 */
import {
  loadBookingsWithPeople,
  readDriverBookingPlace,
  selectBookingPlaces,
} from '../../shared/booking-places';
import { AppError, type SessionUser } from '@parkside/core';
import {
  bookings,
  driveways,
  events,
  listings,
  parkingReports,
  type Booking,
  type Database,
  type ParkingReport,
} from '@parkside/db';
import type { PaymentProvider } from '@parkside/payments';
import type { StorageService } from '@parkside/storage';
import {
  formatUsd,
  hostPayoutCents,
  type ParkingProblem,
  type ParkingReportCreateInput,
} from '@parkside/validators';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Settings } from '../../settings';
import { inTransaction, type Tx } from '../../transaction';
import { bookableListingsOf, bookedSpaces, milesFrom, spacesTaken } from '../../shared/listings';
import { requireOwnUpload } from '../../shared/uploads';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { queueBookingConfirmed } from '../notifications/booking-mail';
import { queueParkingReportMail } from '../notifications/parking-report-mail';
import { refundOnCancel } from '../payment/payment.service';
import { bookingStateOf, moveBooking } from '../../shared/booking-states';
import { closedReason, PARKING_REPORT_ERRORS } from './report-window';

export interface ReportRules {
  settings: Settings;
  payments: PaymentProvider;
  storage: StorageService | null;
  now?: () => Date;
}

/** The booking as the driver sees it for a report, locked when `lock`. */
async function driverBooking(tx: Tx, driver: SessionUser, bookingId: string, lock: boolean) {
  const [row] = lock
    ? await selectBookingPlaces(tx, {
        booking: bookings,
        listing: listings,
        driveway: driveways,
        event: events,
      })
        .where(and(eq(bookings.id, bookingId), eq(bookings.driverId, driver.id)))
        .limit(1)
        .for('update', { of: bookings })
    : [await readDriverBookingPlace(tx, bookingId, driver.id)];
  if (!row || row.booking.status === 'expired' || row.booking.status === 'pending_payment') {
    throw new AppError('NOT_FOUND', 'Booking not found.');
  }
  return row;
}
type DriverBooking = Awaited<ReturnType<typeof driverBooking>>;

/**
 * The nearest open driveways of the same event with a space left, nearest to the reported one
 * first: never the reported driveway, never one of the driver's own.
 */
async function nearestOpen(tx: Tx, row: DriverBooking, driverId: string, limit: number) {
  const miles = milesFrom({ latitude: row.driveway.latitude, longitude: row.driveway.longitude });
  return tx
    .select({
      listingId: listings.id,
      priceCents: listings.priceCents,
      hostId: driveways.hostId,
      title: driveways.title,
      street: driveways.street,
      city: driveways.city,
      miles,
    })
    .from(listings)
    .innerJoin(driveways, eq(driveways.id, listings.drivewayId))
    .where(
      and(
        bookableListingsOf(row.event.id),
        ne(driveways.id, row.driveway.id),
        sql`${driveways.hostId} is distinct from ${driverId}`,
        sql`${listings.spacesOffered} > ${bookedSpaces}`,
      ),
    )
    .orderBy(asc(miles), asc(listings.id))
    .limit(limit);
}
type Alternative = Awaited<ReturnType<typeof nearestOpen>>[number];

const alternativeView = (alt: Alternative) => ({
  title: alt.title,
  street: alt.street,
  city: alt.city,
  miles: Math.round(alt.miles * 10) / 10,
});

/** What the report page offers: whether it is open now, and the driveway a rebooking goes to. */
export async function reportOptions(
  db: Database,
  driver: SessionUser,
  bookingId: string,
  { now = new Date(), withAlternative = true } = {},
) {
  const row = await driverBooking(db, driver, bookingId, false);
  const [report] = await db
    .select()
    .from(parkingReports)
    .where(eq(parkingReports.bookingId, row.booking.id));
  const closed = report ? null : closedReason(row, now);
  const [alternative] =
    report || closed || !withAlternative ? [] : await nearestOpen(db, row, driver.id, 1);
  return {
    bookingId: row.booking.id,
    drivewayTitle: row.driveway.title,
    eventTitle: row.event.title,
    priceCents: row.booking.priceCents,
    paidByCard: row.booking.paymentStatus === 'paid',
    availableFrom: row.listing.availableFrom.toISOString(),
    availableTo: row.listing.availableTo.toISOString(),
    timeZone: row.event.timeZone,
    closedReason: closed,
    /** Before the window opens: when it does (the pass and My Bookings say help is coming). */
    opensAt:
      !report &&
      closed &&
      now < row.listing.availableFrom &&
      bookingStateOf(row.booking) === 'confirmed'
        ? row.listing.availableFrom.toISOString()
        : null,
    alternative: alternative ? alternativeView(alternative) : null,
    report: report ? reportView(report) : null,
  };
}

const reportView = (report: ParkingReport) => ({
  id: report.id,
  outcome: report.outcome,
  newBookingId: report.newBookingId,
  refundCents: report.refundCents,
  waivedCents: report.waivedCents,
});

/**
 * Files the report and carries out the driver's choice, once. A repeat (the same booking, any
 * server) answers the first report without doing anything again.
 */
export async function createReport(
  db: Database,
  actor: AuditActor,
  input: ParkingReportCreateInput,
  rules: ReportRules,
) {
  const driver = actor.user;
  const now = rules.now?.() ?? new Date();
  const photoUrl = input.photoUrl
    ? await requireOwnUpload(rules.storage, driver.id, input.photoUrl)
    : null;
  return inTransaction(db, async (tx) => {
    const row = await driverBooking(tx, driver, input.bookingId, true);
    const [earlier] = await tx
      .select()
      .from(parkingReports)
      .where(eq(parkingReports.bookingId, row.booking.id));
    if (earlier) return { ...reportView(earlier), repeated: true };
    const closed = closedReason(row, now);
    if (closed) throw new AppError('CONFLICT', closed);

    const moved = input.choice === 'rebook' ? await rebook(tx, row, driver, rules) : null;
    const money = moved ? null : await refundOnCancel(tx, row.booking, row.booking.priceCents);
    await moveBooking(tx, row.booking.id, 'report', {
      status: 'cancelled',
      cancelledBy: 'driver',
      cancelledAt: now,
      cancellationReason: moved
        ? `Could not park here; moved to ${moved.alternative.title}${row.booking.paymentStatus === 'paid' ? ', and the card payment with it' : ''}.`
        : money!.refundCents > 0
          ? 'Could not park here; refunded in full.'
          : 'Could not park here; nothing was charged.',
      // A rebooking carries the payment over to the new booking: nothing stays on this one.
      ...(money ?? { paymentStatus: 'void' as const, refundCents: 0, paymentIntentId: null }),
    });

    const [report] = await tx
      .insert(parkingReports)
      .values({
        bookingId: row.booking.id,
        driverId: driver.id,
        hostId: row.driveway.hostId,
        reason: input.problem,
        note: input.note ?? '',
        photoUrl,
        outcome: moved ? 'rebooked' : 'refunded',
        newBookingId: moved?.booking.id ?? null,
        waivedCents: moved?.waivedCents ?? 0,
        refundCents: money?.refundCents ?? 0,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: moved ? 'parking_report.rebook' : 'parking_report.refund',
      targetId: report!.id,
      targetLabel: `${row.driveway.title} · ${row.event.title}`,
      details: {
        booking: row.booking.id,
        problem: input.problem,
        ...(moved
          ? { newBooking: moved.booking.id, waived: formatUsd(report!.waivedCents) }
          : { refunded: formatUsd(report!.refundCents) }),
      },
    });
    await queueParkingReportMail(
      tx,
      {
        hostId: row.driveway.hostId,
        driverName: driver.name,
        drivewayTitle: row.driveway.title,
        eventTitle: row.event.title,
        problem: input.problem as ParkingProblem,
        note: report!.note,
        outcome: report!.outcome,
        refundCents: report!.refundCents,
      },
      rules.settings.publicUrl,
    );
    if (moved) {
      const [confirmed] = await loadBookingsWithPeople(tx, [moved.booking.id]);
      await queueBookingConfirmed(tx, confirmed!, rules.settings.publicUrl);
    }
    return { ...reportView(report!), repeated: false };
  });
}

/**
 * A space at the nearest open driveway, at the price the driver already paid or agreed to pay.
 * Paid by card: the payment carries over and the new host is paid their own price (Parkside
 * bears the difference, recorded as waived). Paid on arrival: the driver pays the new host the
 * original price; the difference is recorded as waived, for Parkside to settle with the host.
 */
async function rebook(tx: Tx, row: DriverBooking, driver: SessionUser, rules: ReportRules) {
  const old = row.booking;
  for (const alternative of await nearestOpen(tx, row, driver.id, 5)) {
    // Take turns with bookings of that listing, then count again under the lock.
    const [listing] = await tx
      .select({ spacesOffered: listings.spacesOffered, status: listings.status })
      .from(listings)
      .where(eq(listings.id, alternative.listingId))
      .for('update');
    if (listing?.status !== 'open') continue;
    if ((await spacesTaken(tx, alternative.listingId)) >= listing.spacesOffered) continue;
    const byCard = old.paymentStatus === 'paid';
    const payout = byCard
      ? Math.max(hostPayoutCents(alternative.priceCents, rules.settings.platformFeeBps), 0)
      : old.priceCents;
    const values: typeof bookings.$inferInsert = {
      listingId: alternative.listingId,
      eventId: old.eventId,
      driverId: driver.id,
      priceCents: old.priceCents,
      platformFeeCents: old.priceCents - payout,
      hostPayoutCents: payout,
      licensePlate: old.licensePlate,
      vehicleDescription: old.vehicleDescription,
      status: 'confirmed',
      paymentStatus: byCard ? 'paid' : 'due_on_arrival',
      paymentIntentId: byCard ? old.paymentIntentId : null,
      idempotencyKey: `parking-report:${old.id}`,
    };
    const [booking] = await tx.insert(bookings).values(values).returning();
    return {
      booking: booking as Booking,
      alternative,
      waivedCents: Math.max(alternative.priceCents - old.priceCents, 0),
    };
  }
  throw new AppError('CONFLICT', PARKING_REPORT_ERRORS.noAlternative);
}
