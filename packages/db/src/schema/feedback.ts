import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const feedbackStatus = pgEnum('feedback_status', ['new', 'resolved']);

/** The customer's Feedback fields, plus a status for the admin page. */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The sender's name, or "Anonymous" when signed out. */
    userName: text('user_name').notNull(),
    feedbackText: text('feedback_text').notNull(),
    email: text('email'),
    /** Set by the database, never by the sender. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    status: feedbackStatus('status').notNull().default('new'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('feedback_created_at_idx').on(t.createdAt),
    check('feedback_text_length', sql`char_length(${t.feedbackText}) between 1 and 1000`),
  ],
);

export type Feedback = typeof feedback.$inferSelect;
