import { AppError } from '@parkside/core';
import { driveways, listings, type Database } from '@parkside/db';
import { and, eq, ne, sql } from 'drizzle-orm';
import { eventRowById } from '../../shared/events';
import { milesFrom } from '../../shared/listings';

/** How far around a driveway (or the venue) its neighbors' prices are read, in miles. */
export const PRICE_HELP_MILES = 1;

/**
 * What open listings within a mile ask for the same event: how many, the median, the lowest and
 * the highest price, in cents (null without any). Around the driveway's position when given,
 * else around the venue (a driveway not placed yet); a listing being edited leaves itself out.
 */
export async function priceHelp(
  db: Database,
  input: { eventId: string; latitude?: number; longitude?: number; excludeListingId?: string },
) {
  const event = await eventRowById(db, input.eventId);
  if (!event) throw new AppError('NOT_FOUND', 'Event not found.');
  const aroundDriveway = input.latitude !== undefined && input.longitude !== undefined;
  const place = aroundDriveway
    ? { latitude: input.latitude!, longitude: input.longitude! }
    : { latitude: event.latitude, longitude: event.longitude };
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      medianCents: sql<
        number | null
      >`round(percentile_cont(0.5) within group (order by ${listings.priceCents}))::int`,
      minCents: sql<number | null>`min(${listings.priceCents})`,
      maxCents: sql<number | null>`max(${listings.priceCents})`,
    })
    .from(listings)
    .innerJoin(driveways, eq(driveways.id, listings.drivewayId))
    .where(
      and(
        eq(listings.eventId, event.id),
        eq(listings.status, 'open'),
        eq(driveways.status, 'active'),
        input.excludeListingId ? ne(listings.id, input.excludeListingId) : undefined,
        sql`${milesFrom(place)} <= ${PRICE_HELP_MILES}`,
      ),
    );
  return {
    around: aroundDriveway ? ('driveway' as const) : ('venue' as const),
    miles: PRICE_HELP_MILES,
    count: row?.count ?? 0,
    medianCents: row?.medianCents ?? null,
    minCents: row?.minCents ?? null,
    maxCents: row?.maxCents ?? null,
  };
}
