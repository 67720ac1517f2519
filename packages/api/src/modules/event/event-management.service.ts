import { describeWait, events, type Database } from '@parkside/db';
import { type RateLimits, type SessionUser, AppError } from '@parkside/core';
import {
  EVENT_STARTS_IN_PAST_MESSAGE,
  eventInstants,
  type EventCreateInput,
  type EventImportRow,
  type EventUpdateInput,
} from '@parkside/validators';
import { and, eq, inArray, like, or } from 'drizzle-orm';
import { eventColumns, toSummary, type EventSummary } from '../../shared/events';
import { inTransaction, type Tx } from '../../transaction';

/**
 * Registering and managing events. Any verified user registers events (one at a time, or many
 * from a file) and edits their own while they are scheduled (event-editing.service.ts); admins
 * edit every event and alone cancel, archive and unarchive (event-status.service.ts), because
 * cancelling refunds the bookings of other hosts' driveways. The lists of managed events are in
 * managed-events.queries.ts. This file registers events and holds what those share.
 */

/** The daily limit on registering events (admins have none). */
function tooManyEvents(wait: number): AppError {
  return AppError.tooManyRequests(
    `You have registered a lot of events today. Please try again in ${describeWait(wait)}.`,
    wait,
  );
}

export const NOT_FOUND_MESSAGE = 'Event not found.';
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

export function instantsOf(input: EventCreateInput | EventUpdateInput) {
  const instants = eventInstants(input);
  // The input schema already checked the zone and both times; this only narrows the type.
  if (!instants) throw new AppError('BAD_REQUEST', 'Enter the start and end date and time.');
  return instants;
}

export function storedFields(input: EventCreateInput | EventUpdateInput) {
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
