import {
  bookings,
  driveways,
  events,
  eventWaitlist,
  listings,
  users,
  type Database,
} from '@parkside/db';
import { waitlistSpacesEmail } from '@parkside/email';
import { enqueueEmails } from '@parkside/email/queue';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '@parkside/core';
import { AppError } from '@parkside/core';
import { bookableListingsOf, hasListingWithSpace, takesSpace } from '../listing/listing.queries';
import { formatInZone } from '../notifications/format';

/** Spaces still free on the open listings of an event. */
export async function eventSpacesLeft(db: Database, eventId: string): Promise<number> {
  const [row] = await db
    .select({
      left: sql<number>`coalesce(sum(greatest(${listings.spacesOffered} - coalesce((
        select count(*) from ${bookings}
        where ${bookings.listingId} = ${listings.id} and ${takesSpace}
      ), 0), 0)), 0)::int`,
    })
    .from(listings)
    .innerJoin(driveways, eq(driveways.id, listings.drivewayId))
    .where(bookableListingsOf(eventId));
  return row?.left ?? 0;
}

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

/** Whether the user is waiting for spaces on the event (and not yet told). */
export async function isOnWaitlist(db: Database, user: SessionUser, eventId: string) {
  const [row] = await db
    .select({ id: eventWaitlist.id })
    .from(eventWaitlist)
    .where(
      and(
        eq(eventWaitlist.eventId, eventId),
        eq(eventWaitlist.email, user.email),
        isNull(eventWaitlist.notifiedAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}

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
