import { pastCursor } from '../../shared/paging';
import { selectBookingPlaces } from '../../shared/booking-places';
import { bookingSide, otherSideOf } from '../../shared/booking-sides';
import { AppError, type SessionUser, type RateLimits } from '@parkside/core';
import {
  bookings,
  columnsOf,
  conversationReads,
  conversations,
  driveways,
  events,
  messages,
  users,
  type Database,
} from '@parkside/db';
import { MESSAGE_PAGE_SIZE, THREADS_PAGE_SIZE, type MessageSendInput } from '@parkside/validators';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { inTransaction } from '../../transaction';
import { closedReason, CONVERSATION_CLOSED, followUpOpenUntil } from '../../shared/conversations';
import { queueUnreadMail } from '../notifications/unread-mail';

export const MESSAGE_ERRORS = {
  notFound: 'Booking not found.',
  ...CONVERSATION_CLOSED,
  tooMany: (wait: string) => `You are sending messages very fast. Please wait ${wait}.`,
} as const;

/** A booking as a conversation sees it: its two people, and whether it still takes messages. */
async function bookingFor(db: Database, user: SessionUser, bookingId: string) {
  const [row] = await selectBookingPlaces(db, {
    bookingId: bookings.id,
    ...columnsOf(bookings, 'status cancelledAt driverId'),
    hostId: driveways.hostId,
    eventId: events.id,
    eventTitle: events.title,
    eventStartsAt: events.startsAt,
    eventEndsAt: events.endsAt,
    eventTimeZone: events.timeZone,
    drivewayTitle: driveways.title,
    conversationId: conversations.id,
  })
    .leftJoin(conversations, eq(conversations.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return bookingSide(row, user, MESSAGE_ERRORS.notFound);
}

const messageColumns = columnsOf(messages, 'id senderId body createdAt');

function toMessage(row: { id: string; senderId: string | null; body: string; createdAt: Date }) {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

const cursorOf = (at: Date, id: string) => `${at.toISOString()}_${id}`;
function parseCursor(cursor: string | undefined) {
  if (!cursor) return null;
  const [at, id] = cursor.split('_');
  return { at: new Date(at!), id: id! };
}

/** Messages of a conversation, newest page first, each page oldest first. */
async function pageOfMessages(db: Database, conversationId: string, before?: string) {
  const after = parseCursor(before);
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        pastCursor(messages.createdAt, messages.id, after, 'desc'),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(MESSAGE_PAGE_SIZE + 1);
  const page = rows.slice(0, MESSAGE_PAGE_SIZE);
  const oldest = page.at(-1);
  return {
    messages: page.reverse().map(toMessage),
    olderCursor:
      rows.length > MESSAGE_PAGE_SIZE && oldest ? cursorOf(oldest.createdAt, oldest.id) : null,
  };
}

/** One booking's conversation for one of its two people (there may be no message yet). */
export async function requireThread(
  db: Database,
  user: SessionUser,
  input: { bookingId: string; before?: string },
  now = new Date(),
) {
  const booking = await bookingFor(db, user, input.bookingId);
  const otherId = otherSideOf(booking, user);
  const [other] = otherId
    ? await db.select({ name: users.name }).from(users).where(eq(users.id, otherId)).limit(1)
    : [];
  const page = booking.conversationId
    ? await pageOfMessages(db, booking.conversationId, input.before)
    : { messages: [], olderCursor: null };
  return {
    bookingId: booking.bookingId,
    conversationId: booking.conversationId,
    role: booking.role,
    otherName: other?.name ?? 'A former Parkside user',
    event: {
      id: booking.eventId,
      title: booking.eventTitle,
      startsAt: booking.eventStartsAt.toISOString(),
      timeZone: booking.eventTimeZone,
    },
    drivewayTitle: booking.drivewayTitle,
    closedReason: closedReason(booking, now),
    /** While a cancelled booking's conversation is still open: until when (ISO). */
    openUntil: followUpOpenUntil(booking, now)?.toISOString() ?? null,
    ...page,
  };
}

/**
 * Sends a message on a booking's conversation (made with its first message). Sending the same
 * client key again returns the first message. Rate limited per user across every server.
 */
export async function sendMessage(
  db: Database,
  limits: RateLimits,
  user: SessionUser,
  input: MessageSendInput,
  now = new Date(),
) {
  const booking = await bookingFor(db, user, input.bookingId);
  const [sent] = await db
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.senderId, user.id), eq(messages.clientKey, input.clientKey)))
    .limit(1);
  if (sent) return toMessage(sent);
  const closed = closedReason(booking, now);
  if (closed) throw new AppError('CONFLICT', closed);
  const wait = await limits.consume('messageSend', `user:${user.id}`);
  if (wait) {
    throw AppError.tooManyRequests(
      MESSAGE_ERRORS.tooMany(wait === 1 ? 'a second' : `${wait} seconds`),
      wait,
    );
  }
  return inTransaction(db, async (tx) => {
    await tx
      .insert(conversations)
      .values({ bookingId: booking.bookingId, driverId: booking.driverId, hostId: booking.hostId })
      .onConflictDoNothing({ target: conversations.bookingId });
    const [conversation] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.bookingId, booking.bookingId))
      .for('update');
    const [message] = await tx
      .insert(messages)
      .values({
        conversationId: conversation!.id,
        senderId: user.id,
        body: input.body,
        clientKey: input.clientKey,
      })
      // Two sends of one key at once: the second finds the first.
      .onConflictDoNothing({ target: [messages.senderId, messages.clientKey] })
      .returning(messageColumns);
    if (!message) {
      const [first] = await tx
        .select(messageColumns)
        .from(messages)
        .where(and(eq(messages.senderId, user.id), eq(messages.clientKey, input.clientKey)));
      return toMessage(first!);
    }
    await tx
      .update(conversations)
      .set({ lastMessageAt: message.createdAt })
      .where(eq(conversations.id, conversation!.id));
    // What you wrote you have read.
    await markReadUpTo(tx, conversation!.id, user.id, message.createdAt);
    await queueUnreadMail(tx, message, otherSideOf(booking, user));
    return toMessage(message);
  });
}

async function markReadUpTo(db: Database, conversationId: string, userId: string, at: Date) {
  await db
    .insert(conversationReads)
    .values({ conversationId, userId, lastReadAt: at })
    .onConflictDoUpdate({
      target: [conversationReads.conversationId, conversationReads.userId],
      set: { lastReadAt: sql`greatest(${conversationReads.lastReadAt}, excluded.last_read_at)` },
    });
}

/** Marks a booking's conversation read, up to its newest message, for the caller only. */
export async function markRead(db: Database, user: SessionUser, bookingId: string) {
  const booking = await bookingFor(db, user, bookingId);
  if (!booking.conversationId) return { unread: await unreadCount(db, user) };
  const [newest] = await db
    .select({ at: messages.createdAt })
    .from(messages)
    .where(eq(messages.conversationId, booking.conversationId))
    .orderBy(desc(messages.createdAt))
    .limit(1);
  if (newest) await markReadUpTo(db, booking.conversationId, user.id, newest.at);
  return { unread: await unreadCount(db, user) };
}

/** Messages from the other person after my read marker, in one conversation (SQL). */
const unreadIn = (userId: string) => sql<number>`(
  select count(*)::int from ${messages} m
  where m.conversation_id = "conversations"."id"
    and m.sender_id is distinct from ${userId}
    and m.created_at > coalesce((
      select r.last_read_at from ${conversationReads} r
      where r.conversation_id = "conversations"."id" and r.user_id = ${userId}
    ), '-infinity'::timestamptz)
)`;

const mine = (userId: string) =>
  or(eq(conversations.driverId, userId), eq(conversations.hostId, userId));

/** All my unread messages, across my conversations. */
export async function unreadCount(db: Database, user: SessionUser): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${unreadIn(user.id)}), 0)::int` })
    .from(conversations)
    .where(mine(user.id));
  return row?.n ?? 0;
}

/** My conversations, latest activity first, a page at a time. */
export async function listThreads(db: Database, user: SessionUser, cursor?: string) {
  const after = parseCursor(cursor);
  const driver = alias(users, 'driver');
  const host = alias(users, 'host');
  const rows = await selectBookingPlaces(db, {
    id: conversations.id,
    bookingId: conversations.bookingId,
    lastMessageAt: conversations.lastMessageAt,
    driverId: conversations.driverId,
    driverName: driver.name,
    hostName: host.name,
    eventTitle: events.title,
    eventStartsAt: events.startsAt,
    eventTimeZone: events.timeZone,
    drivewayTitle: driveways.title,
    unread: unreadIn(user.id),
    lastBody: sql<string>`(select m.body from ${messages} m
        where m.conversation_id = "conversations"."id"
        order by m.created_at desc, m.id desc limit 1)`,
    lastSenderId: sql<string | null>`(select m.sender_id from ${messages} m
        where m.conversation_id = "conversations"."id"
        order by m.created_at desc, m.id desc limit 1)`,
  })
    .innerJoin(conversations, eq(conversations.bookingId, bookings.id))
    .leftJoin(driver, eq(driver.id, conversations.driverId))
    .leftJoin(host, eq(host.id, conversations.hostId))
    .where(
      and(mine(user.id), pastCursor(conversations.lastMessageAt, conversations.id, after, 'desc')),
    )
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(THREADS_PAGE_SIZE + 1);
  const page = rows.slice(0, THREADS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((row) => {
      const asDriver = row.driverId === user.id;
      return {
        id: row.id,
        bookingId: row.bookingId,
        role: asDriver ? ('driver' as const) : ('host' as const),
        otherName: (asDriver ? row.hostName : row.driverName) ?? 'A former Parkside user',
        eventTitle: row.eventTitle,
        eventStartsAt: row.eventStartsAt.toISOString(),
        eventTimeZone: row.eventTimeZone,
        drivewayTitle: row.drivewayTitle,
        lastMessage: { body: row.lastBody, fromMe: row.lastSenderId === user.id },
        lastMessageAt: row.lastMessageAt.toISOString(),
        unread: row.unread,
      };
    }),
    next: rows.length > THREADS_PAGE_SIZE && last ? cursorOf(last.lastMessageAt, last.id) : null,
  };
}
