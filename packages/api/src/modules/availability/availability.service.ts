import { bookings, driveways, listings, type Database } from '@parkside/db';
import { takesSpace } from '../../shared/listings';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';

export interface EventAvailability {
  eventId: string;
  /** Free spaces on the event's open listings. */
  spacesLeft: number;
  /** The cheapest listing that still has a free space; null when none has. */
  lowestPriceCents: number | null;
}

/** Spaces left and the lowest price for each event, in one query (for the event cards). */
export async function availabilityForEvents(
  db: Database,
  eventIds: string[],
): Promise<EventAvailability[]> {
  if (eventIds.length === 0) return [];
  const booked = db
    .select({ listingId: bookings.listingId, n: sql<number>`count(*)::int`.as('n') })
    .from(bookings)
    .where(and(takesSpace, inArray(bookings.eventId, eventIds)))
    .groupBy(bookings.listingId)
    .as('booked');
  const left = sql<number>`greatest(${listings.spacesOffered} - coalesce(${booked.n}, 0), 0)`;
  const rows = await db
    .select({
      eventId: listings.eventId,
      spacesLeft: sql<number>`coalesce(sum(${left}), 0)::int`,
      lowestPriceCents: sql<number | null>`min(${listings.priceCents}) filter (where ${left} > 0)`,
    })
    .from(listings)
    .innerJoin(driveways, eq(driveways.id, listings.drivewayId))
    .leftJoin(booked, eq(booked.listingId, listings.id))
    .where(
      and(
        inArray(listings.eventId, eventIds),
        eq(listings.status, 'open'),
        eq(driveways.status, 'active'),
        gt(listings.availableTo, new Date()),
      ),
    )
    .groupBy(listings.eventId);
  const byEvent = new Map(rows.map((r) => [r.eventId, r]));
  return eventIds.map((eventId) => {
    const row = byEvent.get(eventId);
    return {
      eventId,
      spacesLeft: row?.spacesLeft ?? 0,
      lowestPriceCents: row?.lowestPriceCents ?? null,
    };
  });
}
