import { bookings, type Database } from '@parkside/db';
import {
  bookingCancelledDriverEmail,
  bookingCancelledHostEmail,
  bookingConfirmedDriverEmail,
  bookingConfirmedHostEmail,
  paymentRefundedNoSpaceEmail,
} from '@parkside/email';
import { enqueueEmails, type QueuedEmail } from '@parkside/email/queue';
import { driverMoneyLine, formatUsd, hostMoneyLine, wasCharged } from '@parkside/validators';
import { and, eq, sql } from 'drizzle-orm';
import type { BookingWithPeople } from '../../shared/booking-places';
import { summaryOf } from './booking-rows';
import { queueReminders } from './scheduled-mail';
import { takesSpace } from '../../shared/listings';

async function spacesLeft(tx: Database, listing: { id: string; spacesOffered: number }) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.listingId, listing.id), takesSpace));
  return Math.max(listing.spacesOffered - (row?.n ?? 0), 0);
}

/**
 * Queues "booking confirmed" to the driver and the host, in the booking's transaction, from the
 * confirmed booking with its place and people (which the caller has read already).
 */
export async function queueBookingConfirmed(
  tx: Database,
  row: BookingWithPeople,
  publicUrl: string,
) {
  const { booking } = row;
  const summary = summaryOf(row);
  const mail: QueuedEmail[] = [];
  if (row.driver) {
    mail.push({
      to: row.driver.email,
      kind: 'booking-confirmed-driver',
      ...bookingConfirmedDriverEmail({
        name: row.driver.name,
        booking: summary,
        accessInstructions: row.driveway.accessInstructions,
        payment: driverMoneyLine(booking),
        paidByCard: wasCharged(booking.paymentStatus),
        url: new URL(`/booking-success?booking=${booking.id}`, publicUrl).toString(),
        passUrl: new URL(`/bookings/${booking.id}/pass`, publicUrl).toString(),
      }),
    });
  }
  if (row.host) {
    mail.push({
      to: row.host.email,
      kind: 'booking-confirmed-host',
      ...bookingConfirmedHostEmail({
        name: row.host.name,
        driverName: row.driver?.name ?? 'A driver',
        booking: summary,
        payment: hostMoneyLine(booking),
        payout: formatUsd(booking.hostPayoutCents),
        ...(booking.platformFeeCents > 0 ? { fee: formatUsd(booking.platformFeeCents) } : {}),
        spacesLeft: await spacesLeft(tx, row.listing),
        url: new URL('/my-listings', publicUrl).toString(),
      }),
    });
  }
  await enqueueEmails(tx, mail);
  await queueReminders(tx, booking, row.event, row.driveway.hostId);
}

/** Queues "booking cancelled" to both sides for each cancelled booking, in the same transaction. */
export async function queueBookingsCancelled(
  tx: Database,
  cancelled: BookingWithPeople[],
  publicUrl: string,
  /** The refund cutoff, named when a card payment was cancelled too late for a refund. */
  fullRefundHours = 24,
) {
  const mail: QueuedEmail[] = [];
  for (const row of cancelled) {
    const summary = summaryOf(row);
    const by = row.booking.cancelledBy ?? 'driver';
    const reason = row.booking.cancellationReason;
    if (row.driver) {
      mail.push({
        to: row.driver.email,
        kind: 'booking-cancelled-driver',
        ...bookingCancelledDriverEmail({
          name: row.driver.name,
          booking: summary,
          by,
          reason,
          money: driverMoneyLine(row.booking, fullRefundHours),
          url: new URL(
            by === 'driver' || by === 'event' ? '/my-bookings' : `/rent?event=${row.event.id}`,
            publicUrl,
          ).toString(),
        }),
      });
    }
    if (row.host) {
      mail.push({
        to: row.host.email,
        kind: 'booking-cancelled-host',
        ...bookingCancelledHostEmail({
          name: row.host.name,
          driverName: row.driver?.name ?? 'A driver',
          booking: summary,
          by,
          reason,
          paidByCard: wasCharged(row.booking.paymentStatus),
          url: new URL('/my-listings', publicUrl).toString(),
        }),
      });
    }
  }
  await enqueueEmails(tx, mail);
}

/** Queues the e-mail to a driver whose late payment was refunded because the space was gone. */
export async function queuePaymentRefunded(
  tx: Database,
  row: BookingWithPeople,
  publicUrl: string,
) {
  if (!row.driver) return;
  await enqueueEmails(tx, [
    {
      to: row.driver.email,
      kind: 'payment-refunded-no-space',
      ...paymentRefundedNoSpaceEmail({
        name: row.driver.name,
        booking: summaryOf(row),
        url: new URL(`/rent?event=${row.event.id}`, publicUrl).toString(),
      }),
    },
  ]);
}
