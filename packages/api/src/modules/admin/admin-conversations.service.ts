import { selectBookingPlaces } from '../../shared/booking-places';
import { AppError } from '@parkside/core';
import {
  adminAudit,
  bookings,
  columnsOf,
  conversations,
  driveways,
  events,
  messages,
  users,
  type Database,
} from '@parkside/db';
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { numberedPage, type PageRequest } from '../../shared/paging';
import { containing } from './admin-users.service';

export const CONVERSATION_NOT_FOUND = 'No conversation has that id.';

const driver = alias(users, 'driver');
const host = alias(users, 'host');

function conversationsQuery(db: Database) {
  return selectBookingPlaces(db, {
    ...columnsOf(conversations, 'id bookingId lastMessageAt driverId'),
    driverName: driver.name,
    driverEmail: driver.email,
    hostId: conversations.hostId,
    hostName: host.name,
    hostEmail: host.email,
    eventId: events.id,
    eventTitle: events.title,
    eventStartsAt: events.startsAt,
    eventTimeZone: events.timeZone,
    drivewayTitle: driveways.title,
    messageCount: sql<number>`(select count(*)::int from messages m
        where m.conversation_id = "conversations"."id")`,
  })
    .innerJoin(conversations, eq(conversations.bookingId, bookings.id))
    .leftJoin(driver, eq(driver.id, conversations.driverId))
    .leftJoin(host, eq(host.id, conversations.hostId));
}

type Row = Awaited<ReturnType<ReturnType<typeof conversationsQuery>['execute']>>[number];
const toSummary = (row: Row) => ({
  ...row,
  lastMessageAt: row.lastMessageAt.toISOString(),
  eventStartsAt: row.eventStartsAt.toISOString(),
});

/** Every conversation, latest first; by a participant's e-mail or the event's title; paged. */
export async function listConversations(
  db: Database,
  { q, ...paging }: { q?: string } & PageRequest,
) {
  const where = q
    ? or(
        ilike(driver.email, containing(q)),
        ilike(host.email, containing(q)),
        ilike(events.title, containing(q)),
      )
    : undefined;
  return numberedPage(
    paging,
    (limit, offset) =>
      conversationsQuery(db)
        .where(where)
        .orderBy(desc(conversations.lastMessageAt), asc(conversations.id))
        .limit(limit)
        .offset(offset),
    db
      .select({ n: count() })
      .from(conversations)
      .innerJoin(bookings, eq(bookings.id, conversations.bookingId))
      .innerJoin(events, eq(events.id, bookings.eventId))
      .leftJoin(driver, eq(driver.id, conversations.driverId))
      .leftJoin(host, eq(host.id, conversations.hostId))
      .where(where),
    toSummary,
  );
}

/** One conversation, read-only, oldest message first, with every admin view of it so far. */
export async function requireConversation(db: Database, id: string) {
  const [row] = await conversationsQuery(db).where(eq(conversations.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
  const [thread, views] = await Promise.all([
    db
      .select(columnsOf(messages, 'id senderId body createdAt'))
      .from(messages)
      .where(eq(messages.conversationId, id))
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .limit(1000),
    db
      .select({ at: adminAudit.at, adminEmail: adminAudit.actorEmail, ip: adminAudit.ip })
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'conversation.view'), eq(adminAudit.targetId, id)))
      .orderBy(desc(adminAudit.at))
      .limit(100),
  ]);
  return {
    conversation: toSummary(row),
    messages: thread.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    views: views.map((v) => ({ ...v, at: v.at.toISOString() })),
  };
}
