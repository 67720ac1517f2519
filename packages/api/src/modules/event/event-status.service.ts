import { NOT_FOUND_MESSAGE } from './event-management.service';
import { events, type Database, type Event } from '@parkside/db';
import { AppError } from '@parkside/core';
import { eq } from 'drizzle-orm';
import { cancelEventBookings } from '../payment/event-cancellation';
import { eventColumns, toSummary, type EventSummary } from '../../shared/events';
import { inTransaction, type Tx } from '../../transaction';

/** Admins cancel, archive and unarchive events (the router checks who). */

async function requireEvent(tx: Tx, id: string): Promise<Event> {
  const [row] = await tx.select().from(events).where(eq(events.id, id)).limit(1).for('update');
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  return row;
}

/**
 * Cancels an event (admins only; the router checks). In one transaction: the event is marked
 * cancelled and every confirmed booking on it is cancelled with a full refund, with the e-mails
 * to drivers and hosts queued; if anything fails, nothing changes.
 */
export async function cancelEvent(
  db: Database,
  input: { id: string; reason: string },
  { publicUrl, now = new Date() }: { publicUrl: string; now?: Date },
): Promise<{ event: EventSummary; cancelledBookings: number }> {
  return inTransaction(db, async (tx) => {
    const row = await requireEvent(tx, input.id);
    if (row.status === 'cancelled')
      throw new AppError('CONFLICT', 'This event is already cancelled.');
    if (row.status === 'archived') {
      throw new AppError('CONFLICT', 'This event is archived. Unarchive it first.');
    }
    if (row.endsAt <= now) {
      throw new AppError(
        'CONFLICT',
        'This event is over, so it cannot be cancelled. Archive it instead.',
      );
    }
    const updated = await setEventStatus(tx, row.id, 'cancelled');
    const { cancelled } = await cancelEventBookings(tx, row.id, {
      reason: input.reason,
      publicUrl,
      now,
    });
    return { event: updated, cancelledBookings: cancelled };
  });
}

/** Moves an event to `status` and returns it as the pages show it. */
async function setEventStatus(
  tx: Database,
  id: string,
  status: 'scheduled' | 'cancelled' | 'archived',
): Promise<EventSummary> {
  const [updated] = await tx
    .update(events)
    .set({ status })
    .where(eq(events.id, id))
    .returning(eventColumns);
  return toSummary(updated!);
}

/** Locks the event, lets `next` refuse the change or name the new status, and stores it. */
function moveEvent(
  db: Database,
  id: string,
  next: (row: Event) => 'scheduled' | 'cancelled' | 'archived',
): Promise<EventSummary> {
  return inTransaction(db, async (tx) => {
    const row = await requireEvent(tx, id);
    return setEventStatus(tx, row.id, next(row));
  });
}

/**
 * Archives an event that is over or cancelled (admins only). An upcoming event must be cancelled
 * first, so its drivers are refunded rather than left with bookings for a hidden event.
 */
export function archiveEvent(db: Database, id: string, now = new Date()): Promise<EventSummary> {
  return moveEvent(db, id, (row) => {
    if (row.status === 'archived')
      throw new AppError('CONFLICT', 'This event is already archived.');
    if (row.status === 'scheduled' && row.endsAt > now) {
      throw new AppError(
        'CONFLICT',
        'This event has not ended yet. Cancel it first, so its drivers are refunded.',
      );
    }
    return 'archived';
  });
}

/**
 * Brings an archived event back (admins only). Only a cancelled event can be archived before it
 * ends, so one that has not ended returns as cancelled; one that is over returns as scheduled,
 * which lists it as ended.
 */
export function unarchiveEvent(db: Database, id: string, now = new Date()): Promise<EventSummary> {
  return moveEvent(db, id, (row) => {
    if (row.status !== 'archived') throw new AppError('CONFLICT', 'This event is not archived.');
    return row.endsAt > now ? 'cancelled' : 'scheduled';
  });
}
