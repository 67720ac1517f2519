import { bookings, type Database } from '@parkside/db';
import { and, eq } from 'drizzle-orm';
import { queueBookingsCancelled } from '../notifications/booking-mail';
import { selectBookingsWithPeople, type BookingWithPeople } from '../../shared/booking-places';
import { refundOnCancel } from './payment.service';
import { moveBooking } from '../../shared/booking-states';

/**
 * An event is cancelled: every confirmed booking on it is cancelled with a full refund, and the
 * drivers and hosts are e-mailed. Runs in the caller's transaction, the one that cancels the
 * event, so either both happen or neither.
 */
export async function cancelEventBookings(
  tx: Database,
  eventId: string,
  options: { reason: string; publicUrl: string; now?: Date },
): Promise<{ cancelled: number }> {
  const now = options.now ?? new Date();
  const confirmed = await selectBookingsWithPeople(tx)
    .where(and(eq(bookings.eventId, eventId), eq(bookings.status, 'confirmed')))
    .for('update', { of: bookings });
  const cancelled: BookingWithPeople[] = [];
  for (const row of confirmed) {
    const { booking } = row;
    const money = await refundOnCancel(tx, booking, booking.priceCents);
    const updated = await moveBooking(tx, booking.id, 'cancelEvent', {
      status: 'cancelled',
      cancelledBy: 'event',
      cancelledAt: now,
      cancellationReason: options.reason,
      ...money,
    });
    cancelled.push({ ...row, booking: updated });
  }
  await queueBookingsCancelled(tx, cancelled, options.publicUrl);
  return { cancelled: confirmed.length };
}
