import { selectBookingsWithPeople, selectListingPlaces } from '../../shared/booking-places';
import {
  bookings,
  driveways,
  events,
  listings,
  users,
  type Booking,
  type Database,
} from '@parkside/db';
import { hostPayoutCents, platformFeeCents, type BookingCreateInput } from '@parkside/validators';
import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '@parkside/core';
import { AppError } from '@parkside/core';
import { queueBookingConfirmed, queueBookingsCancelled } from '../notifications/booking-mail';
import { notifyWaitlist } from '../notifications/waitlist-mail';
import { noPaymentProvider, type PaymentProvider } from '@parkside/payments';
import {
  HOLD_MS,
  queueHoldExpiry,
  refundOnCancel,
  releaseHold,
  startCheckout,
} from '../payment/payment.service';
import { DEFAULT_SETTINGS, type Settings } from '../../settings';
import { inTransaction } from '../../transaction';
import { moveBooking, requireMove } from '../../shared/booking-states';
import { spacesTaken } from '../../shared/listings';
import { driverRefundCents } from '../../shared/refund-rule';
import { hostTakesOnlinePayment } from '../../shared/payouts';

export const FILLED_UP_MESSAGE = 'That driveway just filled up. Please pick another one.';

/** What a booking change needs beyond the database: the settings, the payment provider, a clock. */
export interface BookingRules {
  settings: Settings;
  payments: PaymentProvider;
  now?: () => Date;
}

export const defaultBookingRules: BookingRules = {
  settings: DEFAULT_SETTINGS,
  payments: noPaymentProvider,
};

/**
 * Books one space. Everything is decided inside one transaction that first locks the listing
 * row (SELECT ... FOR UPDATE): concurrent requests for the same listing, on any app server, take
 * turns, so bookings (confirmed, or holding a space while paying) never exceed the spaces
 * offered. The price comes from the stored listing; nothing the browser sends about money is
 * used. The same idempotency key returns the first booking instead of making a second one.
 *
 * When the host takes online payment the booking is `pending_payment`: it holds its space for
 * HOLD_MINUTES and carries the payment page (`checkoutUrl`) the driver goes to next. Nobody is
 * sent to pay unless the space is already theirs.
 */
export async function createBooking(
  db: Database,
  driver: SessionUser,
  input: BookingCreateInput,
  rules: BookingRules = defaultBookingRules,
): Promise<Booking> {
  const booking = await bookSpace(db, driver, input, rules);
  if (booking.status !== 'pending_payment') return booking;
  return startCheckout(db, rules.payments, booking, rules.settings.publicUrl);
}

async function bookSpace(
  db: Database,
  driver: SessionUser,
  input: BookingCreateInput,
  rules: BookingRules,
): Promise<Booking> {
  const now = rules.now?.() ?? new Date();
  // Only the database changes here (the checkout starts after), and the idempotency key makes a
  // second run answer the same booking: a cut connection is retried, not shown to the driver.
  return inTransaction(
    db,
    async (tx) => {
      const [row] = await selectListingPlaces(tx, {
        listing: listings,
        driveway: driveways,
        event: events,
        host: { name: users.name, email: users.email },
      })
        .leftJoin(users, eq(users.id, driveways.hostId))
        .where(eq(listings.id, input.listingId))
        .for('update', { of: listings })
        .limit(1);
      if (!row) throw new AppError('NOT_FOUND', 'That listing is no longer available.');

      const [repeat] = await tx
        .select()
        .from(bookings)
        .where(
          and(eq(bookings.driverId, driver.id), eq(bookings.idempotencyKey, input.idempotencyKey)),
        )
        .limit(1);
      if (repeat) return repeat;

      const { listing, driveway, event } = row;
      if (driveway.hostId === driver.id)
        throw new AppError('FORBIDDEN', 'You cannot book your own driveway.');
      if (event.status !== 'scheduled' || event.endsAt <= now) {
        throw new AppError('CONFLICT', 'This event is no longer open for parking.');
      }
      if (listing.status !== 'open')
        throw new AppError('CONFLICT', 'That listing is no longer available.');
      if (listing.licensePlateRequired && (!input.licensePlate || !input.vehicleDescription)) {
        throw new AppError(
          'BAD_REQUEST',
          'This host needs your license plate and a description of your car.',
        );
      }
      if ((await spacesTaken(tx, listing.id)) >= listing.spacesOffered) {
        throw new AppError('CONFLICT', FILLED_UP_MESSAGE);
      }

      const online = await hostTakesOnlinePayment(tx, rules.payments, driveway.hostId);
      const [booking] = await tx
        .insert(bookings)
        .values({
          listingId: listing.id,
          eventId: event.id,
          driverId: driver.id,
          priceCents: listing.priceCents,
          // Paid on arrival, the money never passes through Parkside: no fee, the host keeps it all.
          platformFeeCents: online
            ? platformFeeCents(listing.priceCents, rules.settings.platformFeeBps)
            : 0,
          hostPayoutCents: online
            ? hostPayoutCents(listing.priceCents, rules.settings.platformFeeBps)
            : listing.priceCents,
          licensePlate: input.licensePlate ?? null,
          vehicleDescription: input.vehicleDescription ?? null,
          idempotencyKey: input.idempotencyKey,
          ...(online
            ? {
                status: 'pending_payment' as const,
                paymentStatus: 'pending' as const,
                holdExpiresAt: new Date(now.getTime() + HOLD_MS),
              }
            : { status: 'confirmed' as const, paymentStatus: 'due_on_arrival' as const }),
        })
        .returning();
      if (online) await queueHoldExpiry(tx, booking!);
      else {
        const people = { driver: { name: driver.name, email: driver.email }, host: row.host };
        await queueBookingConfirmed(
          tx,
          { booking: booking!, listing, driveway, event, ...people },
          rules.settings.publicUrl,
        );
      }
      return booking!;
    },
    { rerunIfConnectionLost: true },
  );
}

/**
 * Cancels a booking. The driver may cancel their own booking before the event starts (refund by
 * the policy); the host may cancel a booking on their driveway at any time before the event ends
 * (always a full refund, with a reason). Anyone else gets NOT_FOUND: bookings of others do not
 * exist for them.
 */
export async function cancelBooking(
  db: Database,
  user: SessionUser,
  input: { bookingId: string; reason?: string },
  rules: BookingRules = defaultBookingRules,
): Promise<Booking> {
  const now = rules.now?.() ?? new Date();
  return inTransaction(
    db,
    async (tx) => {
      const [row] = await selectBookingsWithPeople(tx)
        .where(eq(bookings.id, input.bookingId))
        .for('update', { of: bookings })
        .limit(1);
      const asDriver = row?.booking.driverId === user.id;
      const asHost = row?.driveway.hostId === user.id;
      if (!row || (!asDriver && !asHost)) throw new AppError('NOT_FOUND', 'Booking not found.');
      if (row.booking.status === 'cancelled' || row.booking.status === 'expired')
        return row.booking;
      if (row.booking.status === 'pending_payment') {
        throw new AppError(
          'CONFLICT',
          'This booking is waiting for its payment. Leave the payment page to release the space.',
        );
      }
      requireMove('cancel', row.booking);

      let refundCents: number;
      if (asHost) {
        if (!input.reason)
          throw new AppError('BAD_REQUEST', 'Tell the driver why you are cancelling.');
        if (row.event.endsAt <= now)
          throw new AppError('CONFLICT', 'This event is over; its bookings can no longer change.');
        refundCents = row.booking.priceCents;
      } else {
        if (row.event.startsAt <= now) {
          throw new AppError(
            'CONFLICT',
            'The event has started; this booking can no longer be cancelled.',
          );
        }
        refundCents = driverRefundCents(
          row.booking,
          row.event.startsAt,
          now,
          rules.settings.cancelFullRefundHours,
        );
      }
      const money = await refundOnCancel(tx, row.booking, refundCents);
      const cancelled = await moveBooking(tx, row.booking.id, 'cancel', {
        status: 'cancelled',
        cancelledBy: asHost ? 'host' : 'driver',
        cancelledAt: now,
        cancellationReason: input.reason ?? null,
        ...money,
      });
      await queueBookingsCancelled(
        tx,
        [{ ...row, booking: cancelled }],
        rules.settings.publicUrl,
        rules.settings.cancelFullRefundHours,
      );
      await notifyWaitlist(tx, row.event.id, rules.settings.publicUrl);
      return cancelled;
    },
    { rerunIfConnectionLost: true },
  );
}

/**
 * The driver left the payment page without paying: the hold ends now and the space is free
 * again. Only the booking's driver may; anyone else gets NOT_FOUND.
 */
export async function releaseBooking(
  db: Database,
  driver: SessionUser,
  bookingId: string,
  rules: BookingRules = defaultBookingRules,
): Promise<Booking> {
  const [booking] = await db
    .select({ driverId: bookings.driverId })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (booking?.driverId !== driver.id) throw new AppError('NOT_FOUND', 'Booking not found.');
  try {
    return (await releaseHold(db, rules.payments, bookingId, rules.settings.publicUrl))!;
  } catch {
    // The provider did not answer: the hold still ends on time, by the hold-expiry job.
    const [unchanged] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    return unchanged!;
  }
}
