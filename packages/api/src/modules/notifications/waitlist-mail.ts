import { events, eventWaitlist, users, type Database } from '@parkside/db';
import { waitlistSpacesEmail } from '@parkside/email';
import { enqueueEmails } from '@parkside/email/queue';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { eventSpacesLeft } from '../../shared/listings';
import { formatInZone } from './format';

/**
 * When an event has free spaces again, e-mails everyone waiting for it (once) in the caller's
 * transaction. Call it after any change that can free spaces: a cancellation, more spaces, a
 * new or reopened listing.
 */
export async function notifyWaitlist(tx: Database, eventId: string, publicUrl: string) {
  const waiting = await tx
    .select({ id: eventWaitlist.id, email: eventWaitlist.email, name: users.name })
    .from(eventWaitlist)
    .leftJoin(users, eq(users.id, eventWaitlist.userId))
    .where(and(eq(eventWaitlist.eventId, eventId), isNull(eventWaitlist.notifiedAt)))
    .for('update', { of: eventWaitlist, skipLocked: true });
  if (waiting.length === 0) return { notified: 0 };
  const left = await eventSpacesLeft(tx, eventId);
  if (left === 0) return { notified: 0 };
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).limit(1);
  if (!event || event.status !== 'scheduled' || event.endsAt <= new Date()) return { notified: 0 };
  const url = new URL(`/rent?event=${event.id}`, publicUrl).toString();
  await enqueueEmails(
    tx,
    waiting.map((w) => ({
      to: w.email,
      kind: 'waitlist-spaces',
      ...waitlistSpacesEmail({
        name: w.name ?? '',
        eventTitle: event.title,
        eventStarts: formatInZone(event.startsAt, event.timeZone),
        spacesLeft: left,
        url,
      }),
    })),
  );
  await tx
    .update(eventWaitlist)
    .set({ notifiedAt: new Date() })
    .where(
      inArray(
        eventWaitlist.id,
        waiting.map((w) => w.id),
      ),
    );
  return { notified: waiting.length };
}
