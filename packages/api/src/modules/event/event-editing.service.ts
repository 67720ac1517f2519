import {
  BOOKED_EVENT_MOVE_MESSAGE,
  EDIT_CLOSED_MESSAGE,
  NOT_FOUND_MESSAGE,
  storedFields,
} from './event-management.service';
import { bookings, events, type Database, type Event } from '@parkside/db';
import { type SessionUser, AppError } from '@parkside/core';
import {
  EVENT_STARTS_IN_PAST_MESSAGE,
  instantToLocalDateTime,
  type EventUpdateInput,
} from '@parkside/validators';
import { and, eq, sql } from 'drizzle-orm';
import { eventColumns, toSummary, type EventSummary } from '../../shared/events';
import { inTransaction, type Tx } from '../../transaction';

/** A creator (while the event is scheduled) or an admin edits an event. */

/** The event, if `user` may see it for editing: its creator or an admin; NOT_FOUND otherwise. */
async function requireManageable(tx: Tx, user: SessionUser, id: string, lock = false) {
  const query = tx.select().from(events).where(eq(events.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row || (!user.isAdmin && row.createdBy !== user.id)) {
    throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  }
  return row;
}

function requireEditable(user: SessionUser, row: Event) {
  if (!user.isAdmin && row.status !== 'scheduled') {
    throw new AppError('CONFLICT', EDIT_CLOSED_MESSAGE);
  }
}

/** The event to fill the edit form with, for its creator (while scheduled) or an admin. */
export async function requireEventForEdit(
  db: Database,
  user: SessionUser,
  id: string,
): Promise<EventSummary> {
  const row = await requireManageable(db, user, id);
  requireEditable(user, row);
  return toSummary(row);
}

async function confirmedBookingsOf(tx: Tx, eventId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), eq(bookings.status, 'confirmed')));
  return row?.n ?? 0;
}

/**
 * Replaces every field of an event. Its creator may edit it while it is scheduled; an admin may
 * edit any event; anyone else gets NOT_FOUND. A changed start must be in the future. Once drivers
 * have booked, only an admin may move the event in time or place: their bookings hang on it.
 */
export async function updateEvent(
  db: Database,
  user: SessionUser,
  input: EventUpdateInput,
  now: Date = new Date(),
): Promise<EventSummary> {
  return inTransaction(db, async (tx) => {
    const row = await requireManageable(tx, user, input.id, true);
    requireEditable(user, row);
    const fields = storedFields(input);
    // The form shows times to the minute: a time sent back as it was shown keeps the stored one.
    const sameWallClock = (local: string, stored: Date) =>
      input.timeZone === row.timeZone && local === instantToLocalDateTime(stored, row.timeZone);
    if (sameWallClock(input.startLocal, row.startsAt)) fields.startsAt = row.startsAt;
    if (sameWallClock(input.endLocal, row.endsAt)) fields.endsAt = row.endsAt;
    const startChanged = fields.startsAt.getTime() !== row.startsAt.getTime();
    if (startChanged && fields.startsAt <= now) {
      throw new AppError('BAD_REQUEST', EVENT_STARTS_IN_PAST_MESSAGE);
    }
    const moved =
      startChanged ||
      fields.endsAt.getTime() !== row.endsAt.getTime() ||
      fields.latitude !== row.latitude ||
      fields.longitude !== row.longitude;
    if (moved && !user.isAdmin && (await confirmedBookingsOf(tx, row.id)) > 0) {
      throw new AppError('CONFLICT', BOOKED_EVENT_MOVE_MESSAGE);
    }
    const [updated] = await tx
      .update(events)
      .set(fields)
      .where(eq(events.id, row.id))
      .returning(eventColumns);
    return toSummary(updated!);
  });
}
