import type { SessionUser } from '@parkside/core';
import { eventWaitlist, type Database } from '@parkside/db';
import { and, eq, isNull } from 'drizzle-orm';

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
