import { events, feedback, users, type Database } from '@parkside/db';
import { and, eq, gt, sql } from 'drizzle-orm';

/** The figures on the admin tiles. */
export async function getOverview(db: Database, now = new Date()) {
  const count = sql<number>`count(*)::int`;
  const [[userCount], [hostCount], [eventCount], [feedbackCount]] = await Promise.all([
    db.select({ n: count }).from(users),
    db.select({ n: count }).from(users).where(eq(users.isHost, true)),
    db
      .select({ n: count })
      .from(events)
      .where(and(eq(events.status, 'scheduled'), gt(events.endsAt, now))),
    db.select({ n: count }).from(feedback).where(eq(feedback.status, 'new')),
  ]);
  return {
    users: userCount?.n ?? 0,
    hosts: hostCount?.n ?? 0,
    upcomingEvents: eventCount?.n ?? 0,
    newFeedback: feedbackCount?.n ?? 0,
  };
}
