import {
  bookings,
  describeWait,
  events,
  listings,
  users,
  type Database,
  type Event,
} from '@parkside/db';
import { type RateLimits, type SessionUser, AppError } from '@parkside/core';
import {
  EVENT_STARTS_IN_PAST_MESSAGE,
  eventInstants,
  instantToLocalDateTime,
  MY_EVENTS_PAGE_SIZE,
  type EventCreateInput,
  type EventImportRow,
  type EventStatus,
  type EventUpdateInput,
} from '@parkside/validators';
import { and, asc, desc, eq, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { cancelEventBookings } from '../payment/event-cancellation';
import { escapeLike, eventColumns, toSummary, type EventSummary } from '../../shared/events';
import { inTransaction, type Tx } from '../../transaction';

/**
 * Registering and managing events. Any verified user registers events and edits their own while
 * they are scheduled; admins edit every event and alone cancel, archive and unarchive, because
 * cancelling refunds the bookings of other hosts' driveways.
 */

/** An event as its creator or an admin sees it on /registered-events. */
/** The daily limit on registering events (admins have none). */
function tooManyEvents(wait: number): AppError {
  return AppError.tooManyRequests(
    `You have registered a lot of events today. Please try again in ${describeWait(wait)}.`,
    wait,
  );
}

export interface ManagedEvent extends EventSummary {
  createdBy: string | null;
  creatorName: string | null;
  /** Confirmed bookings: what cancelling the event would cancel and refund. */
  confirmedBookings: number;
  /** Upcoming: scheduled and not ended yet. */
  upcoming: boolean;
}

const NOT_FOUND_MESSAGE = 'Event not found.';
export const EDIT_CLOSED_MESSAGE =
  'This event is no longer scheduled, so it cannot be edited. Contact Parkside support to change it.';
export const BOOKED_EVENT_MOVE_MESSAGE =
  'Drivers have booked parking for this event, so only Parkside support can change its time or place.';

/** "Stadium of Fire!" -> "stadium-of-fire" (at most 60 characters; "event" when nothing is left). */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'event';
}

/** The first free slug among `base`, `base-2`, `base-3`, ... */
async function freeSlug(db: Database, base: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .select({ slug: events.slug })
        .from(events)
        .where(or(eq(events.slug, base), like(events.slug, `${base}-%`)))
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

function instantsOf(input: EventCreateInput | EventUpdateInput) {
  const instants = eventInstants(input);
  // The input schema already checked the zone and both times; this only narrows the type.
  if (!instants) throw new AppError('BAD_REQUEST', 'Enter the start and end date and time.');
  return instants;
}

function storedFields(input: EventCreateInput | EventUpdateInput) {
  const { startsAt, endsAt } = instantsOf(input);
  return {
    title: input.title,
    description: input.description,
    venueName: input.venueName,
    street: input.street,
    city: input.city,
    region: input.region,
    postalCode: input.postalCode,
    country: input.country,
    latitude: input.latitude,
    longitude: input.longitude,
    timeZone: input.timeZone,
    startsAt,
    endsAt,
    expectedAttendance: input.expectedAttendance,
    websiteUrl: input.websiteUrl,
    imageUrl: input.imageUrl,
  };
}

/** Registers a new event for `user`, with a fresh unique slug made from its title. */
export async function createEvent(
  db: Database,
  limits: RateLimits,
  user: SessionUser,
  input: EventCreateInput,
  now: Date = new Date(),
): Promise<EventSummary> {
  const fields = storedFields(input);
  if (fields.startsAt <= now) throw new AppError('BAD_REQUEST', EVENT_STARTS_IN_PAST_MESSAGE);
  const wait = user.isAdmin ? null : await limits.consume('eventCreate', `user:${user.id}`);
  if (wait) {
    throw tooManyEvents(wait);
  }
  const base = slugify(input.title);
  // Two people registering "Summer Fair" at once: the loser of the unique slug retries.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const slug = await freeSlug(db, base);
    const [row] = await db
      .insert(events)
      .values({ ...fields, slug, createdBy: user.id, status: 'scheduled' })
      .onConflictDoNothing({ target: events.slug })
      .returning(eventColumns);
    if (row) return toSummary(row);
  }
  throw new AppError(
    'CONFLICT',
    'Please try again: another event was registered at the same time.',
  );
}

export const EVENT_IMPORT_MESSAGES = {
  repeatedKey: (key: string) => `The import key "${key}" appears twice in this batch.`,
  busy: 'Another import of the same events is running. Please try again in a moment.',
} as const;

/**
 * Imports a batch of events for `user` in one transaction: every row is made, or none. A row
 * whose import key its creator already imported is not made again, so re-running an import
 * creates nothing new. Non-admins are held to the same daily limit as registering by hand.
 */
export async function importEvents(
  db: Database,
  limits: RateLimits,
  user: SessionUser,
  rows: EventImportRow[],
) {
  const keys = rows.map((row) => row.importKey);
  const repeated = keys.find((key, i) => keys.indexOf(key) !== i);
  if (repeated) throw new AppError('BAD_REQUEST', EVENT_IMPORT_MESSAGES.repeatedKey(repeated));
  const now = new Date();
  const findImported = (tx: Tx) =>
    tx
      .select({ id: events.id, importKey: events.importKey })
      .from(events)
      .where(and(eq(events.createdBy, user.id), inArray(events.importKey, keys)));
  // The daily limit is counted before the transaction (it keeps its own rows).
  const before = new Set((await findImported(db)).map((row) => row.importKey));
  const fresh = rows.filter((row) => !before.has(row.importKey));
  for (const row of fresh) {
    if (instantsOf(row).startsAt <= now) {
      throw new AppError('BAD_REQUEST', EVENT_STARTS_IN_PAST_MESSAGE);
    }
  }
  if (!user.isAdmin) {
    for (let i = 0; i < fresh.length; i += 1) {
      const wait = await limits.consume('eventCreate', `user:${user.id}`);
      if (wait) {
        throw tooManyEvents(wait);
      }
    }
  }
  return inTransaction(db, async (tx) => {
    const existing = await findImported(tx);
    const known = new Map(existing.map((row) => [row.importKey!, row.id]));
    const result: { importKey: string; id: string; created: boolean }[] = [];
    for (const { importKey, ...input } of rows) {
      const id = known.get(importKey);
      if (id) {
        result.push({ importKey, id, created: false });
        continue;
      }
      const slug = await freeSlug(tx, slugify(input.title));
      const [row] = await tx
        .insert(events)
        .values({
          ...storedFields(input),
          slug,
          importKey,
          createdBy: user.id,
          status: 'scheduled',
        })
        .onConflictDoNothing()
        .returning({ id: events.id });
      if (!row) throw new AppError('CONFLICT', EVENT_IMPORT_MESSAGES.busy);
      result.push({ importKey, id: row.id, created: true });
    }
    return {
      created: result.filter((row) => row.created).length,
      existing: existing.length,
      events: result,
    };
  });
}

/** The event, if `user` may see it for editing: its creator or an admin; NOT_FOUND otherwise. */
async function requireManageable(tx: Tx, user: SessionUser, id: string, lock = false) {
  const query = tx.select().from(events).where(eq(events.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row || (!user.isAdmin && row.createdBy !== user.id)) {
    throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  }
  return row;
}

function requireEditable(user: SessionUser, row: Event) {
  if (!user.isAdmin && row.status !== 'scheduled') {
    throw new AppError('CONFLICT', EDIT_CLOSED_MESSAGE);
  }
}

/** The event to fill the edit form with, for its creator (while scheduled) or an admin. */
export async function requireEventForEdit(
  db: Database,
  user: SessionUser,
  id: string,
): Promise<EventSummary> {
  const row = await requireManageable(db, user, id);
  requireEditable(user, row);
  return toSummary(row);
}

async function confirmedBookingsOf(tx: Tx, eventId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), eq(bookings.status, 'confirmed')));
  return row?.n ?? 0;
}

/**
 * Replaces every field of an event. Its creator may edit it while it is scheduled; an admin may
 * edit any event; anyone else gets NOT_FOUND. A changed start must be in the future. Once drivers
 * have booked, only an admin may move the event in time or place: their bookings hang on it.
 */
export async function updateEvent(
  db: Database,
  user: SessionUser,
  input: EventUpdateInput,
  now: Date = new Date(),
): Promise<EventSummary> {
  return inTransaction(db, async (tx) => {
    const row = await requireManageable(tx, user, input.id, true);
    requireEditable(user, row);
    const fields = storedFields(input);
    // The form shows times to the minute: a time sent back as it was shown keeps the stored one.
    const sameWallClock = (local: string, stored: Date) =>
      input.timeZone === row.timeZone && local === instantToLocalDateTime(stored, row.timeZone);
    if (sameWallClock(input.startLocal, row.startsAt)) fields.startsAt = row.startsAt;
    if (sameWallClock(input.endLocal, row.endsAt)) fields.endsAt = row.endsAt;
    const startChanged = fields.startsAt.getTime() !== row.startsAt.getTime();
    if (startChanged && fields.startsAt <= now) {
      throw new AppError('BAD_REQUEST', EVENT_STARTS_IN_PAST_MESSAGE);
    }
    const moved =
      startChanged ||
      fields.endsAt.getTime() !== row.endsAt.getTime() ||
      fields.latitude !== row.latitude ||
      fields.longitude !== row.longitude;
    if (moved && !user.isAdmin && (await confirmedBookingsOf(tx, row.id)) > 0) {
      throw new AppError('CONFLICT', BOOKED_EVENT_MOVE_MESSAGE);
    }
    const [updated] = await tx
      .update(events)
      .set(fields)
      .where(eq(events.id, row.id))
      .returning(eventColumns);
    return toSummary(updated!);
  });
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

async function requireEvent(tx: Tx, id: string): Promise<Event> {
  const [row] = await tx.select().from(events).where(eq(events.id, id)).limit(1).for('update');
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  return row;
}

/**
 * Cancels an event (admins only; the router checks). In one transaction: the event is marked
 * cancelled and every confirmed booking on it is cancelled with a full refund, with the e-mails
 * to drivers and hosts queued; if anything fails, nothing changes.
 */
export async function cancelEvent(
  db: Database,
  input: { id: string; reason: string },
  { publicUrl, now = new Date() }: { publicUrl: string; now?: Date },
): Promise<{ event: EventSummary; cancelledBookings: number }> {
  return inTransaction(db, async (tx) => {
    const row = await requireEvent(tx, input.id);
    if (row.status === 'cancelled')
      throw new AppError('CONFLICT', 'This event is already cancelled.');
    if (row.status === 'archived') {
      throw new AppError('CONFLICT', 'This event is archived. Unarchive it first.');
    }
    if (row.endsAt <= now) {
      throw new AppError(
        'CONFLICT',
        'This event is over, so it cannot be cancelled. Archive it instead.',
      );
    }
    const updated = await setEventStatus(tx, row.id, 'cancelled');
    const { cancelled } = await cancelEventBookings(tx, row.id, {
      reason: input.reason,
      publicUrl,
      now,
    });
    return { event: updated, cancelledBookings: cancelled };
  });
}

/** Moves an event to `status` and returns it as the pages show it. */
async function setEventStatus(
  tx: Database,
  id: string,
  status: 'scheduled' | 'cancelled' | 'archived',
): Promise<EventSummary> {
  const [updated] = await tx
    .update(events)
    .set({ status })
    .where(eq(events.id, id))
    .returning(eventColumns);
  return toSummary(updated!);
}

/** Locks the event, lets `next` refuse the change or name the new status, and stores it. */
function moveEvent(
  db: Database,
  id: string,
  next: (row: Event) => 'scheduled' | 'cancelled' | 'archived',
): Promise<EventSummary> {
  return inTransaction(db, async (tx) => {
    const row = await requireEvent(tx, id);
    return setEventStatus(tx, row.id, next(row));
  });
}

/**
 * Archives an event that is over or cancelled (admins only). An upcoming event must be cancelled
 * first, so its drivers are refunded rather than left with bookings for a hidden event.
 */
export function archiveEvent(db: Database, id: string, now = new Date()): Promise<EventSummary> {
  return moveEvent(db, id, (row) => {
    if (row.status === 'archived')
      throw new AppError('CONFLICT', 'This event is already archived.');
    if (row.status === 'scheduled' && row.endsAt > now) {
      throw new AppError(
        'CONFLICT',
        'This event has not ended yet. Cancel it first, so its drivers are refunded.',
      );
    }
    return 'archived';
  });
}

/**
 * Brings an archived event back (admins only). Only a cancelled event can be archived before it
 * ends, so one that has not ended returns as cancelled; one that is over returns as scheduled,
 * which lists it as ended.
 */
export function unarchiveEvent(db: Database, id: string, now = new Date()): Promise<EventSummary> {
  return moveEvent(db, id, (row) => {
    if (row.status !== 'archived') throw new AppError('CONFLICT', 'This event is not archived.');
    return row.endsAt > now ? 'cancelled' : 'scheduled';
  });
}
