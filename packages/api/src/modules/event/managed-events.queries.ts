import { bookings, events, listings, users, type Database } from '@parkside/db';
import { type SessionUser } from '@parkside/core';
import { MY_EVENTS_PAGE_SIZE, type EventStatus } from '@parkside/validators';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { escapeLike, eventColumns, toSummary, type EventSummary } from '../../shared/events';

/** An event as its creator or an admin sees it on /registered-events. */
export interface ManagedEvent extends EventSummary {
  createdBy: string | null;
  creatorName: string | null;
  /** Confirmed bookings: what cancelling the event would cancel and refund. */
  confirmedBookings: number;
  /** Upcoming: scheduled and not ended yet. */
  upcoming: boolean;
}

/** A page of /registered-events or /archived-events. */
export interface ManagedEventPage {
  items: ManagedEvent[];
  /** The page shown, from 1. */
  page: number;
  /** Whether a later page has events. */
  hasMore: boolean;
}

/**
 * Your events, or every event for an admin, a page of MY_EVENTS_PAGE_SIZE at a time: upcoming
 * ones first (soonest first), then the rest (most recent first). With `q`, only those whose
 * title, venue or city contains it.
 */
export async function listManagedEvents(
  db: Database,
  user: SessionUser,
  { statuses, q, page = 1 }: { statuses?: EventStatus[]; q?: string; page?: number },
  now: Date = new Date(),
): Promise<ManagedEventPage> {
  const upcoming = sql<boolean>`(${events.status} = 'scheduled' and ${events.endsAt} > ${now.toISOString()}::timestamptz)`;
  const conditions: (SQL | undefined)[] = [
    user.isAdmin ? undefined : eq(events.createdBy, user.id),
    statuses ? inArray(events.status, statuses) : undefined,
    q
      ? or(
          ...[events.title, events.venueName, events.city].map((column) =>
            ilike(column, `%${escapeLike(q)}%`),
          ),
        )
      : undefined,
  ];
  // Counted for the events of this page only, through each listing's (listing_id, status) index.
  const confirmedBookings = sql<number>`(
    select count(*)::int from ${bookings}
    join ${listings} on ${listings.id} = ${bookings.listingId}
    where ${listings.eventId} = ${events.id} and ${bookings.status} = 'confirmed'
  )`;
  const rows = await db
    .select({
      ...eventColumns,
      createdBy: events.createdBy,
      creatorName: users.name,
      confirmedBookings,
      upcoming,
    })
    .from(events)
    .leftJoin(users, eq(users.id, events.createdBy))
    .where(and(...conditions))
    .orderBy(
      desc(upcoming),
      sql`case when ${upcoming} then ${events.startsAt} end asc`,
      desc(events.startsAt),
      asc(events.id),
    )
    // One more than a page tells whether there is a next one.
    .limit(MY_EVENTS_PAGE_SIZE + 1)
    .offset((page - 1) * MY_EVENTS_PAGE_SIZE);
  return {
    items: rows
      .slice(0, MY_EVENTS_PAGE_SIZE)
      .map(({ createdBy, creatorName, confirmedBookings, upcoming, ...row }) => ({
        ...toSummary(row),
        createdBy,
        creatorName,
        confirmedBookings,
        upcoming,
      })),
    page,
    hasMore: rows.length > MY_EVENTS_PAGE_SIZE,
  };
}
