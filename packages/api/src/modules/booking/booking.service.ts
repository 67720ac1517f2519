import { bookings, driveways, events, listings, type Booking, type Database } from '@parkside/db';
import { hostPayoutCents, platformFeeCents, type BookingCreateInput } from '@parkside/validators';
import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '@parkside/core';
import { AppError } from '@parkside/core';
import { queueBookingConfirmed, queueBookingsCancelled } from '../notifications/booking-mail';
import { notifyWaitlist } from '../waitlist/waitlist.service';
import { noPaymentProvider, type PaymentProvider } from './payment';
import { inTransaction } from '../../transaction';
import { confirmedCount } from '../listing/listing.queries';

export const FILLED_UP_MESSAGE = 'That driveway just filled up. Please pick another one.';
export const CANCEL_FULL_REFUND_HOURS_DEFAULT = 24;

export interface BookingRules {
  feeBps: number;
  cancelFullRefundHours: number;
  payments: PaymentProvider;
  /** The site's address, for links in the e-mails a change queues. */
  publicUrl: string;
  now?: () => Date;
}

export const defaultBookingRules: BookingRules = {
  feeBps: 1500,
  cancelFullRefundHours: CANCEL_FULL_REFUND_HOURS_DEFAULT,
  payments: noPaymentProvider,
  publicUrl: 'http://localhost:3000',
};

/**
 * Books one space. Everything is decided inside one transaction that first locks the listing
 * row (SELECT ... FOR UPDATE): concurrent requests for the same listing, on any app server, take
 * turns, so confirmed bookings never exceed the spaces offered. The price comes from the stored
 * listing; nothing the browser sends about money is used. The same idempotency key returns the
 * first booking instead of making a second one.
 */
export async function createBooking(
  db: Database,
  driver: SessionUser,
  input: BookingCreateInput,
  rules: BookingRules = defaultBookingRules,
): Promise<Booking> {
  const now = rules.now?.() ?? new Date();
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ listing: listings, hostId: driveways.hostId, event: events })
      .from(listings)
      .innerJoin(driveways, eq(driveways.id, listings.drivewayId))
      .innerJoin(events, eq(events.id, listings.eventId))
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

    const { listing, event } = row;
    if (row.hostId === driver.id)
      throw new AppError('FORBIDDEN', 'You cannot book your own driveway.');
    if (event.status !== 'scheduled' || event.endsAt <= now) {
      throw new AppError('CONFLICT', 'This event is no longer open for parking.');
    }
    if (listing.status !== 'open')
      throw new AppError('CONFLICT', 'That listing is no longer available.');
    if (listing.licensePlateRequired && (!input.licensePlate || !input.vehicleDescription)) {
      throw new AppError(
        'BAD_REQUEST',
        'This host needs your licence plate and a description of your car.',
      );
    }
    if ((await confirmedCount(tx, listing.id)) >= listing.spacesOffered) {
      throw new AppError('CONFLICT', FILLED_UP_MESSAGE);
    }

    const { paymentStatus } = await rules.payments.authorize({ priceCents: listing.priceCents });
    const [booking] = await tx
      .insert(bookings)
      .values({
        listingId: listing.id,
        eventId: event.id,
        driverId: driver.id,
        priceCents: listing.priceCents,
        platformFeeCents: platformFeeCents(listing.priceCents, rules.feeBps),
        hostPayoutCents: hostPayoutCents(listing.priceCents, rules.feeBps),
        licensePlate: input.licensePlate ?? null,
        vehicleDescription: input.vehicleDescription ?? null,
        paymentStatus,
        idempotencyKey: input.idempotencyKey,
      })
      .returning();
    await queueBookingConfirmed(tx, booking!, rules.publicUrl);
    return booking!;
  });
}

/** What a driver gets back when cancelling now: full refund early enough, nothing after. */
export function driverRefundCents(
  booking: Pick<Booking, 'priceCents'>,
  eventStartsAt: Date,
  now: Date,
  fullRefundHours: number,
) {
  return eventStartsAt.getTime() - now.getTime() >= fullRefundHours * 3_600_000
    ? booking.priceCents
    : 0;
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
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ booking: bookings, hostId: driveways.hostId, event: events })
      .from(bookings)
      .innerJoin(listings, eq(listings.id, bookings.listingId))
      .innerJoin(driveways, eq(driveways.id, listings.drivewayId))
      .innerJoin(events, eq(events.id, bookings.eventId))
      .where(eq(bookings.id, input.bookingId))
      .for('update', { of: bookings })
      .limit(1);
    const asDriver = row?.booking.driverId === user.id;
    const asHost = row?.hostId === user.id;
    if (!row || (!asDriver && !asHost)) throw new AppError('NOT_FOUND', 'Booking not found.');
    if (row.booking.status === 'cancelled') return row.booking;

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
        rules.cancelFullRefundHours,
      );
    }
    const { paymentStatus } = await rules.payments.refund({
      priceCents: row.booking.priceCents,
      refundCents,
    });
    const [cancelled] = await tx
      .update(bookings)
      .set({
        status: 'cancelled',
        cancelledBy: asHost ? 'host' : 'driver',
        cancelledAt: now,
        cancellationReason: input.reason ?? null,
        refundCents,
        paymentStatus,
      })
      .where(eq(bookings.id, row.booking.id))
      .returning();
    await queueBookingsCancelled(tx, [cancelled!.id], rules.publicUrl);
    await notifyWaitlist(tx, row.event.id, rules.publicUrl);
    return cancelled!;
  });
}

/**
 * An event is cancelled: every confirmed booking on it is cancelled with a full refund, and the
 * drivers and hosts are e-mailed. Runs in the caller's transaction, the one that cancels the
 * event, so either both happen or neither.
 */
export async function cancelEventBookings(
  tx: Database,
  eventId: string,
  options: { reason: string; publicUrl: string; now?: Date; payments?: PaymentProvider },
): Promise<{ cancelled: number }> {
  const now = options.now ?? new Date();
  const payments = options.payments ?? noPaymentProvider;
  const confirmed = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), eq(bookings.status, 'confirmed')))
    .for('update');
  for (const booking of confirmed) {
    const { paymentStatus } = await payments.refund({
      priceCents: booking.priceCents,
      refundCents: booking.priceCents,
    });
    await tx
      .update(bookings)
      .set({
        status: 'cancelled',
        cancelledBy: 'event',
        cancelledAt: now,
        cancellationReason: options.reason,
        refundCents: booking.priceCents,
        paymentStatus,
      })
      .where(eq(bookings.id, booking.id));
  }
  await queueBookingsCancelled(
    tx,
    confirmed.map((b) => b.id),
    options.publicUrl,
  );
  return { cancelled: confirmed.length };
}
