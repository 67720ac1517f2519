import { events, type Database } from '@parkside/db';
import type { listingsForEventInput } from '@parkside/validators';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../context';
import { AppError } from '../../errors';
import { eventColumns, toSummary } from '../event/event.service';
import { eventHasSpace, isOnWaitlist } from '../waitlist/waitlist.service';
import { listingsOfEvent } from './listing.service';

// The event by id, prepared once per database: PostgreSQL plans it once per connection, and
// Drizzle builds its SQL once, not on every request.
const eventById = new WeakMap<Database, ReturnType<typeof prepareEventById>>();

function prepareEventById(db: Database) {
  return db
    .select(eventColumns)
    .from(events)
    .where(eq(events.id, sql.placeholder('id')))
    .limit(1)
    .prepare('rent_page_event');
}

/**
 * Everything /rent shows, in as few round trips as the answers allow: the event, the page of
 * its listings (with each driveway's first photo), and whether the event is full (every space
 * taken) with whether the signed-in user waits for a space. A card on the page with a space
 * left settles "not full" without counting; only otherwise are all the event's spaces counted.
 */
export async function rentPage(
  db: Database,
  user: SessionUser | null,
  input: z.output<typeof listingsForEventInput>,
) {
  let query = eventById.get(db);
  if (!query) eventById.set(db, (query = prepareEventById(db)));
  const [row] = await query.execute({ id: input.eventId });
  if (!row) throw new AppError('NOT_FOUND', 'Event not found.');
  const found = await listingsOfEvent(db, row, input);
  const full =
    found.eventOpen &&
    !found.items.some((item) => item.spacesLeft > 0) &&
    !(await eventHasSpace(db, row.id));
  return {
    event: toSummary(row),
    eventOpen: found.eventOpen,
    soldOut: found.soldOut,
    hasMore: found.hasMore,
    /** What a card and a map pin show, and no more. */
    items: found.items.map((item) => ({
      id: item.id,
      title: item.title,
      street: item.street,
      city: item.city,
      priceCents: item.priceCents,
      spacesLeft: item.spacesLeft,
      distanceMiles: item.distanceMiles,
      amenities: item.amenities,
      availableFrom: item.availableFrom,
      availableTo: item.availableTo,
      latitude: item.latitude,
      longitude: item.longitude,
      photoUrl: item.photos[0] ?? null,
    })),
    /** No space left on any open listing of an open event: "Notify me" replaces booking. */
    full,
    /** The signed-in user is on the event's wait-list (only asked when it is full). */
    waiting: full && user ? await isOnWaitlist(db, user, row.id) : false,
  };
}
