/**
 * What a booking may become, in one place (decision 052). Every change of a booking's state goes
 * through `moveBooking`: an UPDATE whose WHERE names the states the change may start from, so of
 * two changes racing on one booking (a driver's cancel and a host's check-in, on any servers),
 * PostgreSQL lets exactly one through and the other finds the row already moved and is told why.
 *
 * The states are read from two columns: `status`, and `checked_in_at` for a confirmed booking
 * whose car the host has checked in. "Completed" is not stored: it is a confirmed or checked-in
 * booking whose event is over, and nothing moves it. "Reported" and "rebooked" are cancelled
 * bookings with a parking report (parking-report.service.ts) that says which.
 *
 * | change        | from                     | to         | who                                      |
 * | ------------- | ------------------------ | ---------- | ---------------------------------------- |
 * | `pay`         | pending_payment, expired | confirmed  | the payment provider's webhook            |
 * | `expire`      | pending_payment          | expired    | the hold's job, the driver leaving        |
 * | `refuseLatePayment` | pending_payment, expired | expired | the webhook: paid after the space went   |
 * | `checkIn`     | confirmed                | checked_in | the host (online, or synced from offline) |
 * | `cancel`      | confirmed                | cancelled  | the driver (before the event), the host   |
 * | `report`      | confirmed                | cancelled  | the driver: "I can't park here"           |
 * | `cancelEvent` | confirmed, checked_in    | cancelled  | an admin or host cancelling the event     |
 * | `undoCheckIn` | checked_in               | confirmed  | an admin, with a reason, audited          |
 * | `restore`     | cancelled                | confirmed  | an admin, with a reason, audited          |
 */
import { AppError } from '@parkside/core';
import { bookings, type Booking } from '@parkside/db';
import { and, eq, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../transaction';

export type BookingState = 'pending_payment' | 'confirmed' | 'checked_in' | 'cancelled' | 'expired';

export const BOOKING_TRANSITIONS = {
  pay: { from: ['pending_payment', 'expired'], to: 'confirmed' },
  expire: { from: ['pending_payment'], to: 'expired' },
  refuseLatePayment: { from: ['pending_payment', 'expired'], to: 'expired' },
  checkIn: { from: ['confirmed'], to: 'checked_in' },
  cancel: { from: ['confirmed'], to: 'cancelled' },
  report: { from: ['confirmed'], to: 'cancelled' },
  cancelEvent: { from: ['confirmed', 'checked_in'], to: 'cancelled' },
  undoCheckIn: { from: ['checked_in'], to: 'confirmed' },
  restore: { from: ['cancelled'], to: 'confirmed' },
} as const satisfies Record<string, { from: readonly BookingState[]; to: BookingState }>;

export type BookingTransition = keyof typeof BOOKING_TRANSITIONS;

export const BOOKING_STATE_ERRORS = {
  checkedInCannotCancel:
    'This car is already checked in, so the booking can no longer be cancelled.',
  checkedInCannotReport:
    'Your host has already checked this car in, so the space can no longer be reported. If that is a mistake, tell us through Feedback.',
  cancelled: 'This booking was cancelled; the car has no space here.',
  unpaid: 'This booking was never completed; the car has no space here.',
  notCheckedIn: 'This car is not checked in, so there is no check-in to undo.',
  notCancelled: 'Only a cancelled booking can be restored.',
  notActive: 'This booking is not active any more.',
} as const;

/** The state a booking row is in. */
export function bookingStateOf(booking: Pick<Booking, 'status' | 'checkedInAt'>): BookingState {
  if (booking.status === 'confirmed' && booking.checkedInAt !== null) return 'checked_in';
  return booking.status;
}

/** The SQL condition "the booking is in one of `states`". */
export function inStates(states: readonly BookingState[]): SQL {
  const one = (state: BookingState): SQL =>
    state === 'checked_in'
      ? and(eq(bookings.status, 'confirmed'), isNotNull(bookings.checkedInAt))!
      : state === 'confirmed'
        ? and(eq(bookings.status, 'confirmed'), isNull(bookings.checkedInAt))!
        : eq(bookings.status, state);
  return states.length === 1 ? one(states[0]!) : or(...states.map(one))!;
}

/** Why `transition` cannot start from `state`, in words for the person who asked. */
export function refusalOf(transition: BookingTransition, state: BookingState): string {
  if (state === 'checked_in') {
    if (transition === 'report') return BOOKING_STATE_ERRORS.checkedInCannotReport;
    if (transition === 'cancel') return BOOKING_STATE_ERRORS.checkedInCannotCancel;
  }
  if (transition === 'undoCheckIn') return BOOKING_STATE_ERRORS.notCheckedIn;
  if (transition === 'restore') return BOOKING_STATE_ERRORS.notCancelled;
  if (state === 'cancelled') return BOOKING_STATE_ERRORS.cancelled;
  if (state === 'pending_payment' || state === 'expired') return BOOKING_STATE_ERRORS.unpaid;
  return BOOKING_STATE_ERRORS.notActive;
}

/** Whether `transition` may start from `state`. */
export function mayMove(transition: BookingTransition, state: BookingState): boolean {
  return (BOOKING_TRANSITIONS[transition].from as readonly BookingState[]).includes(state);
}

/** Throws the refusal (409) when `transition` may not start from the booking's state. */
export function requireMove(
  transition: BookingTransition,
  booking: Pick<Booking, 'status' | 'checkedInAt'>,
): void {
  const state = bookingStateOf(booking);
  if (!mayMove(transition, state)) throw new AppError('CONFLICT', refusalOf(transition, state));
}

export type MoveResult =
  { moved: true; booking: Booking } | { moved: false; booking: Booking; state: BookingState };

/**
 * Applies `values` to the booking if, at that moment, it is in a state `transition` may start
 * from; otherwise changes nothing and answers the state it found. A change that waited for a
 * racing one sees the row as that one left it (PostgreSQL re-checks the WHERE after the wait).
 * One that found the row in another state without waiting, and then reads it back in a state it
 * may start from (a racing change just moved it there), tries again.
 */
export async function tryMoveBooking(
  tx: Tx,
  bookingId: string,
  transition: BookingTransition,
  values: Partial<typeof bookings.$inferInsert>,
): Promise<MoveResult> {
  for (let attempt = 1; ; attempt += 1) {
    const [moved] = await tx
      .update(bookings)
      .set(values)
      .where(and(eq(bookings.id, bookingId), inStates(BOOKING_TRANSITIONS[transition].from)))
      .returning();
    if (moved) return { moved: true, booking: moved };
    const [now] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
    if (!now) throw new AppError('NOT_FOUND', 'Booking not found.');
    const state = bookingStateOf(now);
    if (!mayMove(transition, state) || attempt >= 3) return { moved: false, booking: now, state };
  }
}

/** `tryMoveBooking`, with the refusal (409 and why) when the booking was not in a starting state. */
export async function moveBooking(
  tx: Tx,
  bookingId: string,
  transition: BookingTransition,
  values: Partial<typeof bookings.$inferInsert>,
): Promise<Booking> {
  const result = await tryMoveBooking(tx, bookingId, transition, values);
  if (!result.moved) throw new AppError('CONFLICT', refusalOf(transition, result.state));
  return result.booking;
}
