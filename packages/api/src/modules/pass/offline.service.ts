/**
 * Game day without a signal (decision 042): what a phone keeps so the pages that matter open with
 * no network. The driver's upcoming passes (confirmed, window not yet over) and, for a host with
 * cars due today or tomorrow, the arrivals list. Everything else stays online only.
 */
import { selectBookingPlaces } from '../../shared/booking-places';
import type { SessionUser } from '@parkside/core';
import { bookings, driveways, events, listings, type Database } from '@parkside/db';
import { and, asc, eq, gt } from 'drizzle-orm';
import { listArrivals } from './pass.service';

export async function listSavedForOffline(
  db: Database,
  user: SessionUser,
  key: string,
  now = new Date(),
) {
  const [passes, arrivals] = await Promise.all([
    selectBookingPlaces(db, {
      bookingId: bookings.id,
      photos: driveways.photos,
      eventTitle: events.title,
      startsAt: events.startsAt,
      timeZone: events.timeZone,
    })
      .where(
        and(
          eq(bookings.driverId, user.id),
          eq(bookings.status, 'confirmed'),
          gt(listings.availableTo, now),
        ),
      )
      .orderBy(asc(listings.availableFrom)),
    listArrivals(db, user, key, now),
  ]);
  return {
    /** Whose pages these are: a phone never keeps two people's side by side. */
    owner: user.id,
    passes: passes.map(({ photos, startsAt, ...pass }) => ({
      ...pass,
      startsAt: startsAt.toISOString(),
      photo: photos[0] ?? null,
    })),
    arrivals: arrivals.length > 0,
  };
}
