import { emailJobs, type Database } from '@parkside/db';
import { defineTask, enqueueJobs, handlerOf, jobOf, taskSet, type TaskSet } from '@parkside/jobs';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { type Mailer } from './mailer';
import { type EmailMessage } from './types';

/** The job that delivers one stored message. */
export const sendEmailTask = defineTask('email.send', z.object({ emailId: z.number().int() }));

/** A message for the queue: one recipient, rendered now, sent by the job runner. */
export interface QueuedEmail extends EmailMessage {
  /** What it is about (booking-confirmed-driver, ...): for support and for tests. */
  kind: string;
}

/**
 * Stores messages and the jobs that deliver them. Call it with the transaction that makes the
 * change the messages report: they are sent only if that change commits, and they survive a
 * crash or a mail outage.
 */
export async function enqueueEmails(db: Database, messages: QueuedEmail[]): Promise<void> {
  if (messages.length === 0) return;
  const stored = await db
    .insert(emailJobs)
    .values(
      messages.map((m) => ({
        toAddress: m.to,
        subject: m.subject,
        textBody: m.text,
        htmlBody: m.html,
        kind: m.kind,
      })),
    )
    .returning({ id: emailJobs.id });
  await enqueueJobs(
    db,
    stored.map(({ id }) => jobOf(sendEmailTask, { emailId: id })),
  );
}

/**
 * The mail task for the job runner. A message already sent is not sent again (a job taken
 * twice after a worker died); one whose last attempt fails is marked failed with the error.
 */
export function emailTasks({ db, mailer }: { db: Database; mailer: Mailer }): TaskSet {
  return taskSet([
    handlerOf(sendEmailTask, async ({ emailId }, job) => {
      const [message] = await db.select().from(emailJobs).where(eq(emailJobs.id, emailId));
      if (!message || message.status !== 'pending') return;
      try {
        await mailer.send({
          to: message.toAddress,
          subject: message.subject,
          text: message.textBody,
          html: message.htmlBody,
        });
      } catch (error) {
        await db
          .update(emailJobs)
          .set({
            status: job.attempts >= job.maxAttempts ? 'failed' : 'pending',
            lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
          })
          .where(eq(emailJobs.id, emailId));
        throw error;
      }
      await db
        .update(emailJobs)
        .set({ status: 'sent', sentAt: new Date(), lastError: null })
        .where(eq(emailJobs.id, emailId));
    }),
  ]);
}
