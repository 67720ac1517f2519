import { driveways, listings, type Database, type LISTING_REVIEW_FLAGS } from '@parkside/db';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { milesBetween, milesFrom, type Place } from './listings';

/**
 * Listing review (PRODUCT.md §8, decision 036): a new host's first listing and any flagged
 * listing wait for an admin before drivers see them. The flags are worked out here, in the
 * transaction that makes the listing, so every way of listing a driveway checks the same things.
 */

export type ReviewFlag = (typeof LISTING_REVIEW_FLAGS)[number];

/** A driveway further than this from the venue is flagged. */
export const REVIEW_MAX_MILES_FROM_VENUE = 3;
/** A price above this many times the local median is flagged. */
export const REVIEW_PRICE_MEDIAN_FACTOR = 3;
/** How far around a driveway its neighbors' prices are read, in miles. */
export const NEARBY_PRICE_MILES = 1;

/**
 * What open listings within a mile of `place` ask for the same event: how many, the median, the
 * lowest and the highest price, in cents (null without any). A listing being edited (or
 * reviewed) leaves itself out.
 */
export async function nearbyPrices(
  db: Database,
  eventId: string,
  place: Place,
  excludeListingId?: string,
) {
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
        eq(listings.eventId, eventId),
        eq(listings.status, 'open'),
        eq(driveways.status, 'active'),
        excludeListingId ? ne(listings.id, excludeListingId) : undefined,
        sql`${milesFrom(place)} <= ${NEARBY_PRICE_MILES}`,
      ),
    );
  return {
    count: row?.count ?? 0,
    medianCents: row?.medianCents ?? null,
    minCents: row?.minCents ?? null,
    maxCents: row?.maxCents ?? null,
  };
}

/** Letters and digits only, lower case: "1700 N. Canyon Rd" and "1700 n canyon rd" match. */
const addressKey = (column: typeof driveways.street | typeof driveways.city) =>
  sql`lower(regexp_replace(${column}, '[^[:alnum:]]+', '', 'g'))`;
const typedKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Whether the host has had a listing approved (or live from the start): they are trusted. */
async function hostIsApproved(db: Database, hostId: string) {
  const [row] = await db
    .select({ id: listings.id })
    .from(listings)
    .innerJoin(driveways, eq(driveways.id, listings.drivewayId))
    .where(and(eq(driveways.hostId, hostId), inArray(listings.status, ['open', 'closed'])))
    .limit(1);
  return row !== undefined;
}

/** Whether another host has a driveway at the same street address in the same city. */
async function addressListedByAnother(
  db: Database,
  driveway: { id: string; hostId: string | null; street: string; city: string },
) {
  const [row] = await db
    .select({ id: driveways.id })
    .from(driveways)
    .where(
      and(
        ne(driveways.id, driveway.id),
        sql`${driveways.hostId} is distinct from ${driveway.hostId}`,
        sql`${addressKey(driveways.street)} = ${typedKey(driveway.street)}`,
        sql`${addressKey(driveways.city)} = ${typedKey(driveway.city)}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The review flags of a listing about to be made, and whether it goes live at once (`open`)
 * or waits (`in_review`). An approved host's unflagged listing goes live at once.
 */
export async function reviewOfNewListing(
  db: Database,
  driveway: {
    id: string;
    hostId: string | null;
    street: string;
    city: string;
    latitude: number;
    longitude: number;
    photos: string[];
  },
  event: { id: string; latitude: number; longitude: number },
  priceCents: number,
): Promise<{ status: 'open' | 'in_review'; reviewFlags: ReviewFlag[] }> {
  const flags: ReviewFlag[] = [];
  if (!driveway.hostId || !(await hostIsApproved(db, driveway.hostId))) flags.push('first_listing');
  if (driveway.photos.length === 0) flags.push('no_photos');
  const [far] = await db
    .select({ miles: milesBetween(driveway, event) })
    .from(sql`(select 1) as one`);
  if ((far?.miles ?? 0) > REVIEW_MAX_MILES_FROM_VENUE) flags.push('far_from_venue');
  const prices = await nearbyPrices(db, event.id, driveway);
  if (prices.medianCents !== null && priceCents > REVIEW_PRICE_MEDIAN_FACTOR * prices.medianCents)
    flags.push('high_price');
  if (await addressListedByAnother(db, driveway)) flags.push('address_listed_by_another_host');
  return { status: flags.length > 0 ? 'in_review' : 'open', reviewFlags: flags };
}

/**
 * A photo was added to a driveway: its listings waiting only because it had no photos (of an
 * approved host) go live. Answers the events whose parking just grew.
 */
export async function releaseOnPhoto(db: Database, drivewayId: string) {
  const released = await db
    .update(listings)
    .set({ status: 'open', reviewFlags: [] })
    .where(
      and(
        eq(listings.drivewayId, drivewayId),
        eq(listings.status, 'in_review'),
        sql`${listings.reviewFlags} = array['no_photos']::listing_review_flag[]`,
      ),
    )
    .returning({ eventId: listings.eventId });
  return released.map((row) => row.eventId);
}
