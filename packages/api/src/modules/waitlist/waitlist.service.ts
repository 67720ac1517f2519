import type { SessionUser } from '@parkside/core';
import { AppError } from '@parkside/core';
import { events, eventWaitlist, type Database } from '@parkside/db';
import { eq } from 'drizzle-orm';
import { hasListingWithSpace } from '../../shared/listings';

/**
 * "Notify me" on a sold-out event. Only signed-in, verified users can join, with their own
 * address: an endpoint that mails any address it is given would be an open relay.
 */
export async function joinWaitlist(db: Database, user: SessionUser, eventId: string) {
  const [event] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  if (!event) throw new AppError('NOT_FOUND', 'Event not found.');
  if (event.status !== 'scheduled' || event.endsAt <= new Date()) {
    throw new AppError('CONFLICT', 'This event is no longer open for parking.');
  }
  if (await hasListingWithSpace(db, eventId)) {
    throw new AppError('CONFLICT', 'Spaces are available for this event: book one now.');
  }
  await db
    .insert(eventWaitlist)
    .values({ eventId, email: user.email, userId: user.id })
    .onConflictDoUpdate({
      target: [eventWaitlist.eventId, eventWaitlist.email],
      set: { notifiedAt: null, userId: user.id },
    });
  return { joined: true as const, email: user.email };
}
