import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { uuidKey, uuidRef } from './columns';
import { bookings } from './marketplace';
import { users } from './users';

/**
 * One conversation per booking, between its driver and its host, made with the first message.
 * The two people are copied from the booking so every list reads one table.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuidKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    driverId: text('driver_id').references(() => users.id, { onDelete: 'set null' }),
    hostId: text('host_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** The newest message's time: lists sort by it. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    index('conversations_driver_last_idx').on(t.driverId, t.lastMessageAt.desc()),
    index('conversations_host_last_idx').on(t.hostId, t.lastMessageAt.desc()),
  ],
);

/** A message; the body is plain text, shown as text. */
export const messages = pgTable(
  'messages',
  {
    id: uuidKey(),
    conversationId: uuidRef('conversation_id', () => conversations.id, 'cascade'),
    senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** The sender's key for this send: sending it again returns the same message. */
    clientKey: text('client_key').notNull(),
    // Milliseconds, as JavaScript reads them, so a page's first message marks the next page.
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt.desc(), t.id),
    unique('messages_sender_client_key_unique').on(t.senderId, t.clientKey),
    check('messages_body_length', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

/** Where each person has read up to in a conversation: unread counts are their own. */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: uuidRef('conversation_id', () => conversations.id, 'cascade'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true, precision: 3 }).notNull(),
    /** When this person was last e-mailed about unread messages here (one an hour at most). */
    unreadMailedAt: timestamp('unread_mailed_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);

export type Conversation = typeof conversations.$inferSelect;
export type Message = typeof messages.$inferSelect;
