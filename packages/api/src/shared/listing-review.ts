import { driveways, listings, type Database, type LISTING_REVIEW_FLAGS } from '@parkside/db';
import { and, eq, inArray, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { distanceInMiles, milesBetween, type Place, type PlaceSql } from './listings';
import { hostFlagged } from './parking-reports';

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

const nearby = alias(listings, 'nearby');
const nearbyDriveway = alias(driveways, 'nearby_driveway');

/**
 * The open listings (of active driveways) within a mile of `place` for `eventId`, leaving out
 * `excludeListingId`: the rows `nearby` and `nearbyDriveway` must be joined for. Each may be a
 * value or a column of an outer query.
 */
function nearbyOpenListings(
  eventId: string | SQLWrapper,
  place: PlaceSql,
  excludeListingId?: string | SQLWrapper,
) {
  const position = {
    latitude: sql`(${nearby.location})[1]`,
    longitude: sql`(${nearby.location})[0]`,
  };
  return and(
    eq(nearby.eventId, eventId),
    eq(nearby.status, 'open'),
    eq(nearbyDriveway.status, 'active'),
    excludeListingId ? ne(nearby.id, excludeListingId) : undefined,
    sql`${milesBetween(place, position)} <= ${NEARBY_PRICE_MILES}`,
  );
}

const medianPrice = sql<
  number | null
>`round(percentile_cont(0.5) within group (order by ${nearby.priceCents}))::int`;

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
      medianCents: medianPrice,
      minCents: sql<number | null>`min(${nearby.priceCents})`,
      maxCents: sql<number | null>`max(${nearby.priceCents})`,
    })
    .from(nearby)
    .innerJoin(nearbyDriveway, eq(nearbyDriveway.id, nearby.drivewayId))
    .where(nearbyOpenListings(eventId, place, excludeListingId));
  return {
    count: row?.count ?? 0,
    medianCents: row?.medianCents ?? null,
    minCents: row?.minCents ?? null,
    maxCents: row?.maxCents ?? null,
  };
}

/**
 * `nearbyPrices`' median as a column of a query over `listings` joined to their `driveways`, so a
 * page of listings reads its neighbors' prices in the same statement.
 */
export function nearbyMedianCents(db: Database): SQL<number | null> {
  const median = db
    .select({ median: medianPrice })
    .from(nearby)
    .innerJoin(nearbyDriveway, eq(nearbyDriveway.id, nearby.drivewayId))
    .where(nearbyOpenListings(listings.eventId, driveways, listings.id));
  return sql<number | null>`(${median})`;
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
async function addressListedByAnother(db: Database, driveway: DrivewayForReview) {
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

/** What listing review needs to know about a driveway (read once, however many events it is listed for). */
export interface DrivewayForReview {
  id: string;
  hostId: string | null;
  street: string;
  city: string;
  latitude: number;
  longitude: number;
  photos: string[];
}

/** What is true of the driveway and its host whichever event it is listed for. */
export type DrivewayReview = {
  firstListing: boolean;
  addressListedByAnother: boolean;
  /** Two drivers in 90 days could not park at the host's driveways (PRODUCT.md §8). */
  hostReported: boolean;
};

/** Reads the host's standing and the driveway's address once, for any number of new listings. */
export async function reviewOfDriveway(
  db: Database,
  driveway: DrivewayForReview,
): Promise<DrivewayReview> {
  // One after the other: inside a transaction they share one connection anyway.
  const approved = driveway.hostId ? await hostIsApproved(db, driveway.hostId) : false;
  return {
    firstListing: !approved,
    addressListedByAnother: await addressListedByAnother(db, driveway),
    hostReported: driveway.hostId ? await hostFlagged(db, driveway.hostId) : false,
  };
}

/**
 * The review flags of a listing about to be made, and whether it goes live at once (`open`)
 * or waits (`in_review`). An approved host's unflagged listing goes live at once. One query: the
 * neighbors' prices for the event (the distance is worked out here).
 */
export async function reviewOfNewListing(
  db: Database,
  driveway: DrivewayForReview,
  ofDriveway: DrivewayReview,
  event: { id: string; latitude: number; longitude: number },
  priceCents: number,
): Promise<{ status: 'open' | 'in_review'; reviewFlags: ReviewFlag[] }> {
  const flags: ReviewFlag[] = [];
  if (ofDriveway.firstListing) flags.push('first_listing');
  if (driveway.photos.length === 0) flags.push('no_photos');
  if (distanceInMiles(driveway, event) > REVIEW_MAX_MILES_FROM_VENUE) flags.push('far_from_venue');
  const prices = await nearbyPrices(db, event.id, driveway);
  if (prices.medianCents !== null && priceCents > REVIEW_PRICE_MEDIAN_FACTOR * prices.medianCents)
    flags.push('high_price');
  if (ofDriveway.addressListedByAnother) flags.push('address_listed_by_another_host');
  if (ofDriveway.hostReported) flags.push('host_reported');
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
