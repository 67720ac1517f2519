import { AppError, type SessionUser } from '@parkside/core';
import { driveways, events, listings, type Database, columnsOf } from '@parkside/db';
import type { ListingsForEventsInput } from '@parkside/validators';
import { and, asc, eq, gt, inArray, notExists, sql } from 'drizzle-orm';
import { notifyWaitlist } from '../notifications/waitlist-mail';
import { inTransaction } from '../../transaction';
import { milesBetween } from '../../shared/listings';
import { reviewOfDriveway } from '../../shared/listing-review';
import { insertListing, isUpcoming, lockOwnDriveway } from './host-listings.service';

/** At most this many events are offered to choose from at once. */
export const EVENTS_NEAR_LIMIT = 100;

/**
 * The upcoming events within `miles` of a point, soonest first, with each venue's distance,
 * leaving out those `drivewayId` is already listed for.
 */
async function upcomingEventsNear(
  db: Database,
  point: { latitude: number; longitude: number },
  miles: number,
  drivewayId: string | null,
  now: Date,
) {
  const distance = milesBetween(point, { latitude: events.latitude, longitude: events.longitude });
  // A box around the circle first (a degree of latitude is about 69 miles), then true miles.
  const dLat = miles / 69;
  const dLng = dLat / Math.max(Math.cos((point.latitude * Math.PI) / 180), 0.01);
  const rows = await db
    .select({
      ...columnsOf(events, 'id title venueName startsAt endsAt timeZone'),
      miles: distance.as('miles'),
    })
    .from(events)
    .where(
      and(
        eq(events.status, 'scheduled'),
        gt(events.endsAt, now),
        sql`${events.latitude} between ${point.latitude - dLat} and ${point.latitude + dLat}`,
        sql`${events.longitude} between ${point.longitude - dLng} and ${point.longitude + dLng}`,
        sql`${distance} <= ${miles}`,
        drivewayId
          ? notExists(
              db
                .select({ id: listings.id })
                .from(listings)
                .where(and(eq(listings.eventId, events.id), eq(listings.drivewayId, drivewayId))),
            )
          : undefined,
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(EVENTS_NEAR_LIMIT);
  return rows.map((row) => ({
    ...row,
    miles: Math.round(row.miles * 100) / 100,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
  }));
}

/**
 * The upcoming events within `miles` of the host's own driveway that it is not listed for yet:
 * what "List for more events" offers.
 */
export async function eventsNearDriveway(
  db: Database,
  host: SessionUser,
  input: { drivewayId: string; miles: number },
  now = new Date(),
) {
  const [driveway] = await db
    .select({
      id: driveways.id,
      hostId: driveways.hostId,
      latitude: driveways.latitude,
      longitude: driveways.longitude,
    })
    .from(driveways)
    .where(eq(driveways.id, input.drivewayId))
    .limit(1);
  if (!driveway || driveway.hostId !== host.id)
    throw new AppError('NOT_FOUND', 'Driveway not found.');
  return upcomingEventsNear(db, driveway, input.miles, driveway.id, now);
}

/** The upcoming events within `miles` of a driveway not saved yet (the new driveway's form). */
export function eventsNearPoint(
  db: Database,
  input: { latitude: number; longitude: number; miles: number },
  now = new Date(),
) {
  return upcomingEventsNear(db, input, input.miles, null, now);
}

/**
 * Lists the host's driveway for several upcoming events at once, with one price, number of
 * spaces and plate rule, each window from an hour before its event to an hour after. All or
 * none: an event that is over, cancelled or already listed stops the whole request, naming it.
 */
export async function addListingsForEvents(
  db: Database,
  host: SessionUser,
  input: ListingsForEventsInput,
  publicUrl: string,
  now = new Date(),
) {
  return inTransaction(db, async (tx) => {
    const driveway = await lockOwnDriveway(tx, host, input.drivewayId);
    if (input.spacesOffered > driveway.capacity) {
      throw new AppError('BAD_REQUEST', `This driveway holds ${driveway.capacity} cars at most.`);
    }
    const found = await tx.select().from(events).where(inArray(events.id, input.eventIds));
    const listed = await tx
      .select({ eventId: listings.eventId })
      .from(listings)
      .where(and(eq(listings.drivewayId, driveway.id), inArray(listings.eventId, input.eventIds)));
    const created: {
      listingId: string;
      status: (typeof listings.$inferSelect)['status'];
      eventId: string;
      title: string;
      startsAt: string;
    }[] = [];
    const ofDriveway = await reviewOfDriveway(tx, driveway);
    for (const eventId of input.eventIds) {
      const event = found.find((e) => e.id === eventId);
      if (!event || !isUpcoming(event, now)) {
        throw new AppError(
          'BAD_REQUEST',
          `${event ? `"${event.title}" is over or cancelled` : 'One of the events no longer exists'}; nothing was listed.`,
        );
      }
      if (listed.some((l) => l.eventId === eventId)) {
        throw new AppError(
          'CONFLICT',
          `This driveway is already listed for "${event.title}"; nothing was listed.`,
        );
      }
      const listing = await insertListing(tx, driveway, event, input, ofDriveway);
      created.push({
        listingId: listing.id,
        status: listing.status,
        eventId: event.id,
        title: event.title,
        startsAt: event.startsAt.toISOString(),
      });
    }
    for (const { eventId, status } of created)
      if (status === 'open') await notifyWaitlist(tx, eventId, publicUrl);
    return { created };
  });
}
