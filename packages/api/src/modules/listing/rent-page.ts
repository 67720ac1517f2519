import type { Database } from '@parkside/db';
import type { listingsForEventInput } from '@parkside/validators';
import type { z } from 'zod';
import type { SessionUser } from '@parkside/core';
import { AppError } from '@parkside/core';
import { eventRowById, toSummary } from '../../shared/events';
import { isOnWaitlist } from '../../shared/waitlist';
import { hasListingWithSpace } from '../../shared/listings';
import { listingsOfEvent } from './listing-search.service';

/**
 * Everything /rent shows, in as few round trips as the answers allow: the event, the page of
 * its listings (with each driveway's first photo), and whether the event is full (every space
 * taken) with whether the signed-in user waits for a space. A card on the page with a space
 * left settles "not full" without asking; only otherwise does it ask whether any listing has one.
 */
export async function rentPage(
  db: Database,
  user: SessionUser | null,
  input: z.output<typeof listingsForEventInput>,
) {
  const row = await eventRowById(db, input.eventId);
  if (!row) throw new AppError('NOT_FOUND', 'Event not found.');
  const found = await listingsOfEvent(db, row, input);
  // Without filters, a page of sold-out cards has already asked the question (soldOut).
  const unfiltered = input.maxPriceCents === undefined && input.amenities.length === 0;
  const full =
    found.eventOpen &&
    (unfiltered && found.items.length > 0
      ? found.soldOut
      : !found.items.some((item) => item.spacesLeft > 0) &&
        !(await hasListingWithSpace(db, row.id)));
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
      // Only when drivers have reviewed it: 200 cards of "no reviews" are bytes for nothing.
      rating:
        item.ratingCount > 0 && item.ratingAverage !== null
          ? { average: item.ratingAverage, count: item.ratingCount }
          : undefined,
    })),
    /** No space left on any open listing of an open event: "Notify me" replaces booking. */
    full,
    /** The signed-in user is on the event's wait-list (only asked when it is full). */
    waiting: full && user ? await isOnWaitlist(db, user, row.id) : false,
  };
}
