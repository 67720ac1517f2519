/**
 * Money moving online (decision 030): the hold a booking keeps while its driver pays, the payment
 * page, the provider's webhooks, refunds and their retries. With the `none` provider nothing here
 * runs: bookings are confirmed at once and paid on arrival.
 */
import { selectBookingPlaces, selectBookingsWithPeople } from '../../shared/booking-places';
import {
  bookings,
  driveways,
  events,
  listings,
  paymentEvents,
  payoutAccounts,
  users,
  type Booking,
  type Database,
} from '@parkside/db';
import { AppError } from '@parkside/core';
import { PAYMENT_HOLD_MINUTES } from '@parkside/validators';
import { defineTask, enqueueJobs, jobOf } from '@parkside/jobs';
import type { PaymentEvent, PaymentProvider } from '@parkside/payments';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { inStates, moveBooking, tryMoveBooking } from '../../shared/booking-states';
import { inTransaction, type Tx } from '../../transaction';
import { spacesTaken } from '../../shared/listings';
import { queueBookingConfirmed, queuePaymentRefunded } from '../notifications/booking-mail';
import { notifyWaitlist } from '../notifications/waitlist-mail';

/** How long a booking holds its space while the driver pays. */
export const HOLD_MINUTES = PAYMENT_HOLD_MINUTES;
export const HOLD_MS = HOLD_MINUTES * 60_000;
/** Stripe keeps a payment page open 30 minutes at the least; the hold closes it sooner. */
const CHECKOUT_OPEN_MS = 31 * 60_000;

const bookingPayload = z.object({ bookingId: z.uuid() });
/** The background work of online payments (handlers in payment-tasks.ts). */
export const PAYMENT_TASKS = {
  expireHold: defineTask('payments.expireHold', bookingPayload),
  refund: defineTask('payments.refund', bookingPayload),
  payouts: defineTask('payments.payouts', z.object({})),
};

export const CHECKOUT_UNAVAILABLE_MESSAGE =
  'We could not open the payment page just now. Please try again in a moment.';

/** In the booking's transaction: the job that frees the space if the hold runs out unpaid. */
export async function queueHoldExpiry(tx: Tx, booking: Booking) {
  await enqueueJobs(tx, [
    jobOf(
      PAYMENT_TASKS.expireHold,
      { bookingId: booking.id },
      { runAt: booking.holdExpiresAt ?? new Date(), key: `hold:${booking.id}`, maxAttempts: 20 },
    ),
  ]);
}

/**
 * Opens the payment page of a held booking, once: the provider call carries a key made from the
 * booking, so a repeated request (same booking idempotency key) gets the same page. The amount is
 * the stored price.
 */
export async function startCheckout(
  db: Database,
  payments: PaymentProvider,
  booking: Booking,
  publicUrl: string,
): Promise<Booking> {
  if (booking.status !== 'pending_payment' || booking.checkoutUrl) return booking;
  const [about] = await selectBookingPlaces(db, {
    drivewayTitle: driveways.title,
    eventTitle: events.title,
    email: users.email,
  })
    .leftJoin(users, eq(users.id, bookings.driverId))
    .where(eq(bookings.id, booking.id));
  const success = new URL('/booking-success', publicUrl);
  success.searchParams.set('booking', booking.id);
  const cancel = new URL(success);
  cancel.searchParams.set('checkout', 'cancelled');
  let page: { sessionId: string; url: string };
  try {
    page = await payments.createCheckout({
      bookingId: booking.id,
      amountCents: booking.priceCents,
      description: `Parking at ${about!.drivewayTitle} for ${about!.eventTitle}`,
      customerEmail: about!.email ?? undefined,
      successUrl: success.toString(),
      cancelUrl: cancel.toString(),
      expiresAt: new Date(Date.now() + CHECKOUT_OPEN_MS),
      idempotencyKey: `checkout:${booking.id}`,
    });
  } catch (error) {
    throw new AppError('UNAVAILABLE', CHECKOUT_UNAVAILABLE_MESSAGE, { cause: error });
  }
  const [updated] = await db
    .update(bookings)
    .set({ checkoutSessionId: page.sessionId, checkoutUrl: page.url })
    .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'pending_payment')))
    .returning();
  return updated ?? booking;
}

/**
 * Frees a held space: the payment page is closed first, so no payment can arrive afterwards. If
 * the driver paid a moment ago the hold is left to the webhook that confirms it.
 */
export async function releaseHold(
  db: Database,
  payments: PaymentProvider,
  bookingId: string,
  publicUrl: string,
): Promise<Booking | undefined> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking || booking.status !== 'pending_payment') return booking;
  if (booking.checkoutSessionId) {
    const state = await payments.expireCheckout(booking.checkoutSessionId);
    if (state === 'complete') return booking;
  }
  return inTransaction(db, async (tx) => {
    const result = await tryMoveBooking(tx, bookingId, 'expire', {
      status: 'expired',
      paymentStatus: 'void',
      checkoutUrl: null,
    });
    if (result.moved) await notifyWaitlist(tx, result.booking.eventId, publicUrl);
    return result.booking;
  });
}

/**
 * What a cancel does to the money: a booking paid by card gets `refundCents` back through the
 * provider (queued); a booking paid on arrival was never charged, so nothing goes back and the
 * booking records no refund (its payment status becomes void).
 */
export async function refundOnCancel(
  tx: Tx,
  booking: Pick<Booking, 'id' | 'paymentStatus'>,
  refundCents: number,
): Promise<{ paymentStatus: Booking['paymentStatus']; refundCents: number }> {
  if (booking.paymentStatus !== 'paid') return { paymentStatus: 'void', refundCents: 0 };
  if (refundCents <= 0) return { paymentStatus: 'paid', refundCents: 0 };
  await queueRefund(tx, booking.id);
  return { paymentStatus: 'refund_pending', refundCents };
}

async function queueRefund(tx: Tx, bookingId: string) {
  await enqueueJobs(tx, [
    jobOf(PAYMENT_TASKS.refund, { bookingId }, { key: `refund:${bookingId}`, maxAttempts: 25 }),
  ]);
}

/** The refund job: sends the booking's refund to the provider once, then records it. */
export async function sendRefund(db: Database, payments: PaymentProvider, bookingId: string) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking || booking.paymentStatus !== 'refund_pending') return;
  if (!booking.paymentIntentId) throw new Error(`Booking ${bookingId} has no payment to refund.`);
  const { refundId } = await payments.refund({
    paymentIntentId: booking.paymentIntentId,
    amountCents: booking.refundCents,
    idempotencyKey: `refund:${booking.id}`,
  });
  await db
    .update(bookings)
    .set({
      refundId,
      paymentStatus: booking.refundCents >= booking.priceCents ? 'refunded' : 'partially_refunded',
    })
    .where(and(eq(bookings.id, booking.id), eq(bookings.paymentStatus, 'refund_pending')));
}

export type WebhookOutcome = 'handled' | 'replayed' | 'ignored';

/**
 * A provider event, verified by the caller. Each event id is recorded in the transaction that
 * acts on it, so a replay (or two deliveries at once) changes nothing.
 */
export async function handlePaymentEvent(
  db: Database,
  event: PaymentEvent,
  publicUrl: string,
): Promise<WebhookOutcome> {
  return inTransaction(db, async (tx) => {
    const [first] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!first) return 'replayed';
    switch (event.type) {
      case 'checkout.completed':
        return event.paid ? paymentReceived(tx, event, publicUrl) : 'ignored';
      case 'checkout.expired':
        return checkoutExpired(tx, event.sessionId, publicUrl);
      case 'account.updated': {
        const updated = await tx
          .update(payoutAccounts)
          .set({ status: event.status === 'active' ? 'active' : 'pending' })
          .where(eq(payoutAccounts.providerAccountId, event.accountId))
          .returning({ userId: payoutAccounts.userId });
        return updated.length > 0 ? 'handled' : 'ignored';
      }
      default:
        return 'ignored';
    }
  });
}

async function lockBookingOfSession(tx: Tx, sessionId: string) {
  const [row] = await selectBookingsWithPeople(tx)
    .where(eq(bookings.checkoutSessionId, sessionId))
    .for('update', { of: bookings })
    .limit(1);
  return row;
}

/**
 * The driver paid. A live hold is confirmed. A payment that arrives after the hold ran out still
 * gets the space if one is free; otherwise it is refunded in full at once and the driver told.
 */
async function paymentReceived(
  tx: Tx,
  event: Extract<PaymentEvent, { type: 'checkout.completed' }>,
  publicUrl: string,
): Promise<WebhookOutcome> {
  const row = await lockBookingOfSession(tx, event.sessionId);
  if (!row) return 'ignored';
  const { booking } = row;
  if (booking.status === 'confirmed' || booking.status === 'cancelled') return 'ignored';
  const paid = { paymentIntentId: event.paymentIntentId, checkoutUrl: null };

  let confirm = booking.status === 'pending_payment' && booking.holdExpiresAt! > new Date();
  if (!confirm && row.event.status === 'scheduled' && row.event.endsAt > new Date()) {
    // Too late for the hold: take the listing's lock and see whether a space is still free.
    await tx
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.id, booking.listingId))
      .for('update');
    const taken = await spacesTaken(tx, booking.listingId);
    confirm = row.listing.status === 'open' && taken < row.listing.spacesOffered;
  }
  if (confirm) {
    const confirmed = await moveBooking(tx, booking.id, 'pay', {
      ...paid,
      status: 'confirmed',
      paymentStatus: 'paid',
      holdExpiresAt: null,
    });
    await queueBookingConfirmed(tx, { ...row, booking: confirmed }, publicUrl);
    return 'handled';
  }
  await moveBooking(tx, booking.id, 'refuseLatePayment', {
    ...paid,
    status: 'expired',
    paymentStatus: 'refund_pending',
    refundCents: booking.priceCents,
    holdExpiresAt: null,
  });
  await queueRefund(tx, booking.id);
  await queuePaymentRefunded(tx, row, publicUrl);
  return 'handled';
}

async function checkoutExpired(tx: Tx, sessionId: string, publicUrl: string) {
  const [expired] = await tx
    .update(bookings)
    .set({ status: 'expired', paymentStatus: 'void', checkoutUrl: null })
    .where(and(eq(bookings.checkoutSessionId, sessionId), inStates(['pending_payment'])))
    .returning();
  if (!expired) return 'ignored' as const;
  await notifyWaitlist(tx, expired.eventId, publicUrl);
  return 'handled' as const;
}

/** The hold-expiry job: frees the space of a booking still unpaid at the end of its hold. */
export async function expireHold(
  db: Database,
  payments: PaymentProvider,
  bookingId: string,
  publicUrl: string,
  now = new Date(),
) {
  const [booking] = await db
    .select({ status: bookings.status, holdExpiresAt: bookings.holdExpiresAt })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (booking?.status !== 'pending_payment') return;
  if (booking.holdExpiresAt && booking.holdExpiresAt > now) {
    throw new Error(`The hold of booking ${bookingId} has not run out yet.`);
  }
  await releaseHold(db, payments, bookingId, publicUrl);
}
