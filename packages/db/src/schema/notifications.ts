import { bigserial, index, pgEnum, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { at, uuidKey, createdAt, uuidRef } from './columns';
import { events } from './events';
import { users } from './users';

export const emailJobStatus = pgEnum('email_job_status', ['pending', 'sent', 'failed']);

/**
 * Outgoing mail, one row per message. A message is rendered and stored in the same transaction
 * as the change it reports (a booking, a cancellation), with the `email.send` job that delivers
 * it: never lost, never sent for a change that rolled back, and a slow mail server never slows a
 * page. The job holds the retries; this row holds what was sent to whom and whether it went.
 */
export const emailJobs = pgTable(
  'email_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** What the message is about, e.g. booking-confirmed-driver; for the outbox and support. */
    kind: text('kind').notNull(),
    status: emailJobStatus('status').notNull().default('pending'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
  },
  (t) => [index('email_jobs_created_idx').on(t.createdAt)],
);

/** "Notify me" on a sold-out event: one row per event and address until it is e-mailed. */
export const eventWaitlist = pgTable(
  'event_waitlist',
  {
    id: uuidKey(),
    eventId: uuidRef('event_id', () => events.id, 'cascade'),
    email: text('email').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    notifiedAt: at('notified_at'),
  },
  (t) => [unique('event_waitlist_event_email_unique').on(t.eventId, t.email)],
);

export type EmailJob = typeof emailJobs.$inferSelect;
export type EventWaitlistEntry = typeof eventWaitlist.$inferSelect;
