/**
 * An admin reverses a booking's last change (decision 052): a check-in made by mistake, or a
 * cancel that should not have happened. Both are changes of booking-states.ts (`undoCheckIn`,
 * `restore`) under the booking's row lock, with the reason in the audit log, written in the same
 * transaction. The audit row names the event, whose admin page lists its bookings.
 */
import { AppError } from '@parkside/core';
import { bookings, listings, parkingReports, type Booking, type Database } from '@parkside/db';
import type { AdminBookingReversalInput } from '@parkside/validators';
import { eq } from 'drizzle-orm';
import { selectBookingsWithPeople, type BookingWithPeople } from '../../shared/booking-places';
import { spacesTaken } from '../../shared/listings';
import { inTransaction, type Tx } from '../../transaction';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { moveBooking, requireMove } from '../../shared/booking-states';
import { queueBookingConfirmed } from '../notifications/booking-mail';

export const BOOKING_RESTORE_ERRORS = {
  withEvent: 'This booking was cancelled with its event, so it cannot be restored.',
  reported:
    'The driver reported they could not park here and was already moved or refunded, so this booking cannot be restored.',
  over: 'This event is over or no longer scheduled, so its bookings cannot be restored.',
  refunded:
    "Its refund has gone back to the driver's card, so this booking cannot be restored. The driver can book again.",
  listingClosed: 'That listing is no longer open, so this booking cannot be restored.',
  full: 'That driveway has no space left now, so this booking cannot be restored.',
} as const;

async function lockedBooking(tx: Tx, bookingId: string): Promise<BookingWithPeople> {
  const [row] = await selectBookingsWithPeople(tx)
    .where(eq(bookings.id, bookingId))
    .for('update', { of: bookings })
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Booking not found.');
  return row;
}

const labelOf = (row: BookingWithPeople) =>
  `${row.driver?.name ?? 'A deleted account'} at ${row.driveway.title} · ${row.event.title}`;

async function audit(
  tx: Tx,
  actor: AuditActor,
  action: 'booking.undo_check_in' | 'booking.restore',
  row: BookingWithPeople,
  reason: string,
) {
  await recordAudit(tx, actor, {
    action,
    targetId: row.event.id,
    targetLabel: labelOf(row),
    details: { booking: row.booking.id, reason },
  });
}

/** The car was checked in by mistake: the booking is confirmed again, not checked in. */
export function undoCheckIn(
  db: Database,
  actor: AuditActor,
  input: AdminBookingReversalInput,
): Promise<Booking> {
  return inTransaction(db, async (tx) => {
    const row = await lockedBooking(tx, input.bookingId);
    const booking = await moveBooking(tx, row.booking.id, 'undoCheckIn', { checkedInAt: null });
    await audit(tx, actor, 'booking.undo_check_in', row, input.reason);
    return booking;
  });
}

/**
 * A cancel that should not have happened: the booking is confirmed again, if its event is still
 * ahead, its listing open with a space free (taken under the listing's lock, as a booking is),
 * and no money went back. The driver and host are told again, as for a new booking.
 */
export function restoreBooking(
  db: Database,
  actor: AuditActor,
  input: AdminBookingReversalInput,
  publicUrl: string,
  now = new Date(),
): Promise<Booking> {
  return inTransaction(db, async (tx) => {
    const row = await lockedBooking(tx, input.bookingId);
    requireMove('restore', row.booking);
    const refuse = (message: string) => new AppError('CONFLICT', message);
    if (row.booking.cancelledBy === 'event') throw refuse(BOOKING_RESTORE_ERRORS.withEvent);
    const [report] = await tx
      .select({ id: parkingReports.id })
      .from(parkingReports)
      .where(eq(parkingReports.bookingId, row.booking.id));
    if (report) throw refuse(BOOKING_RESTORE_ERRORS.reported);
    if (row.event.status !== 'scheduled' || row.event.endsAt <= now) {
      throw refuse(BOOKING_RESTORE_ERRORS.over);
    }
    const { paymentStatus } = row.booking;
    if (paymentStatus !== 'void' && paymentStatus !== 'paid') {
      throw refuse(BOOKING_RESTORE_ERRORS.refunded);
    }
    const [listing] = await tx
      .select({ status: listings.status, spacesOffered: listings.spacesOffered })
      .from(listings)
      .where(eq(listings.id, row.booking.listingId))
      .for('update');
    if (listing?.status !== 'open') throw refuse(BOOKING_RESTORE_ERRORS.listingClosed);
    if ((await spacesTaken(tx, row.booking.listingId)) >= listing.spacesOffered) {
      throw refuse(BOOKING_RESTORE_ERRORS.full);
    }
    const restored = await moveBooking(tx, row.booking.id, 'restore', {
      status: 'confirmed',
      cancelledBy: null,
      cancelledAt: null,
      cancellationReason: null,
      refundCents: 0,
      // Paid on arrival, the cancel made it void: it is due on arrival again.
      paymentStatus: paymentStatus === 'void' ? 'due_on_arrival' : 'paid',
    });
    await audit(tx, actor, 'booking.restore', row, input.reason);
    await queueBookingConfirmed(tx, { ...row, booking: restored }, publicUrl);
    return restored;
  });
}
