import { describeWait, feedback, type Database } from '@parkside/db';
import { type RateLimits, type SessionUser, AppError } from '@parkside/core';
import type { FeedbackInput } from '@parkside/validators';
import { desc, eq } from 'drizzle-orm';

/**
 * Stores feedback with the customer's fields: the sender's id, name and e-mail when signed in,
 * "Anonymous" and nulls otherwise; the time comes from the database. A filled honeypot is
 * answered like a success and stored nowhere.
 */
export async function sendFeedback(
  db: Database,
  limits: RateLimits,
  sender: { user: SessionUser | null; clientIp: string },
  input: FeedbackInput,
): Promise<{ ok: true }> {
  if (input.website) return { ok: true };
  const wait = await limits.consume(
    'feedback',
    sender.user ? `user:${sender.user.id}` : `ip:${sender.clientIp}`,
  );
  if (wait) {
    throw AppError.tooManyRequests(
      `Thanks! That is a lot of feedback at once. Please try again in ${describeWait(wait)}.`,
      wait,
    );
  }
  await db.insert(feedback).values({
    userId: sender.user?.id ?? null,
    userName: sender.user?.name ?? 'Anonymous',
    feedbackText: input.feedbackText,
    email: sender.user?.email ?? null,
  });
  return { ok: true };
}

export async function listFeedback(db: Database) {
  const rows = await db
    .select()
    .from(feedback)
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(500);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  }));
}

export async function resolveFeedback(db: Database, id: string) {
  const [row] = await db
    .update(feedback)
    .set({ status: 'resolved', resolvedAt: new Date() })
    .where(eq(feedback.id, id))
    .returning({ id: feedback.id, userName: feedback.userName });
  if (!row) throw new AppError('NOT_FOUND', 'That feedback no longer exists.');
  return { ok: true as const, from: row.userName };
}
