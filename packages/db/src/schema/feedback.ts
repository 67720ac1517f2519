import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { at, uuidKey, createdAt } from './columns';
import { users } from './users';

export const feedbackStatus = pgEnum('feedback_status', ['new', 'resolved']);

/** The customer's Feedback fields, plus a status for the admin page. */
export const feedback = pgTable(
  'feedback',
  {
    id: uuidKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The sender's name, or "Anonymous" when signed out. */
    userName: text('user_name').notNull(),
    feedbackText: text('feedback_text').notNull(),
    email: text('email'),
    /** Set by the database, never by the sender. */
    createdAt: createdAt(),
    status: feedbackStatus('status').notNull().default('new'),
    resolvedAt: at('resolved_at'),
  },
  (t) => [
    index('feedback_created_at_idx').on(t.createdAt),
    check('feedback_text_length', sql`char_length(${t.feedbackText}) between 1 and 1000`),
  ],
);

export type Feedback = typeof feedback.$inferSelect;
