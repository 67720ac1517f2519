import {
  bookings,
  driveways,
  events,
  listings,
  type Database,
  type Listing,
  preparedFor,
  columnsOf,
} from '@parkside/db';
import { and, arrayContains, asc, eq, gt, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { distanceInMiles, EARTH_RADIUS_MILES, type Place } from '@parkside/validators';
import type { Tx } from '../transaction';

/** Miles per degree of latitude (and of longitude on the equator). */
export const MILES_PER_DEGREE = (EARTH_RADIUS_MILES * Math.PI) / 180;

export { distanceInMiles, type Place };

/** A place given as numbers, or as SQL (placeholders of a prepared statement). */
export interface PlaceSql {
  latitude: number | SQLWrapper;
  longitude: number | SQLWrapper;
}

/** `distanceInMiles`, in SQL. */
export function milesBetween(from: PlaceSql, to: PlaceSql): SQL<number> {
  const lat = sql`${from.latitude}::float8`;
  const lng = sql`${from.longitude}::float8`;
  const y = sql`${to.latitude}::float8`;
  const x = sql`${to.longitude}::float8`;
  return sql<number>`(${2 * EARTH_RADIUS_MILES}::float8 * asin(sqrt(
    sin(radians(${y} - ${lat}) / 2) ^ 2
    + cos(radians(${lat})) * cos(radians(${y})) * sin(radians(${x} - ${lng}) / 2) ^ 2)))`;
}

/**
 * Great-circle miles from `from` to a listing's position, in SQL. `location` is
 * (x = longitude, y = latitude).
 */
export function milesFrom(from: PlaceSql): SQL<number> {
  return milesBetween(from, {
    latitude: sql`(${listings.location})[1]`,
    longitude: sql`(${listings.location})[0]`,
  });
}

/**
 * A driveway's full address and position: for those who may see it (its host, an admin, a
 * driver who booked it), never for a card.
 */
export const drivewayAddressColumns = {
  ...columnsOf(driveways, 'street city region postalCode latitude longitude'),
};

/** What a listing card shows of its driveway (before booking: no access instructions). */
export const drivewayCardColumns = {
  ...columnsOf(driveways, 'title street city latitude longitude amenities photos'),
};

/**
 * A booking that takes a space: confirmed, or holding one while its driver pays online (until
 * the hold runs out). Written so the (listing_id, status) index still finds the rows.
 */
export const takesSpace = sql`(${bookings.status} in ('confirmed', 'pending_payment')
  and (${bookings.status} = 'confirmed' or ${bookings.holdExpiresAt} > now()))`;

/** Spaces taken on a listing: confirmed bookings and live payment holds. */
export function bookedSpacesOf(listingId: SQLWrapper): SQL<number> {
  return sql<number>`(select count(*) from ${bookings}
    where ${bookings.listingId} = ${listingId} and ${takesSpace})`;
}

/** Confirmed bookings of the listing in the current row. */
export const bookedSpaces = bookedSpacesOf(listings.id);

/** The listings of an event that drivers can book: open, driveway active, window ahead. */
export function bookableListingsOf(eventId: string): SQL | undefined {
  return and(
    eq(listings.eventId, eventId),
    eq(listings.status, 'open'),
    eq(driveways.status, 'active'),
    gt(listings.availableTo, new Date()),
  );
}

/** Filters a driver can set on /rent, as far as they narrow the listings. */
export interface ListingFilters {
  maxPriceCents?: number;
  amenities?: (typeof driveways.$inferSelect)['amenities'];
}

/**
 * Whether any bookable listing of the event (matching the filters) has a space left. Stops at
 * the first one: on game day the cheapest spaces go first, and a page that finds only sold-out
 * cards asks this on every request, so it must not add up the spaces of every listing (300 ms
 * at 100,000 listings).
 */
export async function hasListingWithSpace(
  db: Database,
  eventId: string,
  filters: ListingFilters = {},
): Promise<boolean> {
  const [row] = await db
    .select({ id: listings.id })
    .from(listings)
    .innerJoin(driveways, eq(driveways.id, listings.drivewayId))
    .where(
      and(
        bookableListingsOf(eventId),
        filters.maxPriceCents !== undefined
          ? lte(listings.priceCents, filters.maxPriceCents)
          : undefined,
        filters.amenities?.length
          ? arrayContains(driveways.amenities, filters.amenities)
          : undefined,
        sql`${listings.spacesOffered} > ${bookedSpaces}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface NearestListingsInput extends Place {
  eventId: string;
  limit: number;
}

export interface NearestListing {
  id: string;
  priceCents: number;
  spacesOffered: number;
  spacesLeft: number;
  availableFrom: Date;
  availableTo: Date;
  licensePlateRequired: boolean;
  title: string;
  street: string;
  city: string;
  latitude: number;
  longitude: number;
  amenities: (typeof driveways.$inferSelect)['amenities'];
  photos: string[];
  /** Great-circle miles from the given place, unrounded. */
  distanceMiles: number;
}

/**
 * SQL for the smallest latitude/longitude box around `place` that holds every point within the
 * largest of `miles` (a column of the CTE `table`, the true miles of the KNN step's rows): the
 * second step of the KNN-and-box search. Null when the KNN step found nothing.
 */
export function boxAround(place: PlaceSql, table: SQLWrapper, miles: SQLWrapper): SQL {
  const lat = sql`${place.latitude}::float8`;
  const lng = sql`${place.longitude}::float8`;
  // Half-height of the box in degrees of latitude, with 1 % to spare for rounding; its
  // half-width grows by 1/cos of the box's latitude farthest from the equator.
  const dLat = sql`(max(${miles}) / ${MILES_PER_DEGREE}::float8 * 1.01 + 1e-9)`;
  const dLng = sql`(${dLat} / greatest(cos(radians(least(89.9, abs(${lat}) + ${dLat}))), 0.001))`;
  return sql`(select box(point(${lng} - ${dLng}, ${lat} - ${dLat}),
    point(${lng} + ${dLng}, ${lat} + ${dLat})) from ${table})`;
}

/**
 * The `limit` open listings of an event nearest to a place (normally its venue), nearest first,
 * that still have a space left and whose driveway is active. Ties go to the cheaper listing.
 *
 * Both steps run on the GiST index on (event_id, location):
 * 1. KNN (`location <-> point`) finds `limit` listings; the farthest of them, in true miles,
 *    bounds the answer. `<->` measures plain degrees, where a degree of longitude counts as
 *    much as one of latitude, so its order is not the order in miles (at 40° N a listing
 *    0.5 mi east is "farther" than one 0.6 mi north).
 * 2. Every listing inside a box that holds that bound's circle is read (a few more than
 *    `limit`) and sorted by true miles, so the answer is exact.
 *
 * Placeholders: eventId, latitude, longitude, limit (see `nearestListings`).
 */
export function nearestListingsQuery(db: Database) {
  const lat = sql`${sql.placeholder('latitude')}::float8`;
  const lng = sql`${sql.placeholder('longitude')}::float8`;
  const limit = sql.placeholder('limit');
  const miles = milesFrom({ latitude: lat, longitude: lng });
  const bookable = and(
    eq(listings.eventId, sql`${sql.placeholder('eventId')}::uuid`),
    eq(listings.status, 'open'),
    eq(driveways.status, 'active'),
    gt(listings.availableTo, sql`now()`),
    sql`${listings.spacesOffered} > ${bookedSpaces}`,
  );
  const knn = db.$with('knn').as(
    db
      .select({ miles: sql<number>`${miles}`.as('miles') })
      .from(listings)
      .innerJoin(driveways, eq(driveways.id, listings.drivewayId))
      .where(bookable)
      .orderBy(sql`${listings.location} <-> point(${lng}, ${lat})`)
      .limit(limit),
  );
  const reach = boxAround({ latitude: lat, longitude: lng }, knn, knn.miles);
  return db
    .with(knn)
    .select({
      id: listings.id,
      priceCents: listings.priceCents,
      spacesOffered: listings.spacesOffered,
      spacesLeft: sql<number>`(${listings.spacesOffered} - ${bookedSpaces})::int`,
      availableFrom: listings.availableFrom,
      availableTo: listings.availableTo,
      licensePlateRequired: listings.licensePlateRequired,
      ...drivewayCardColumns,
      distanceMiles: sql<number>`${miles}`.mapWith(Number),
    })
    .from(listings)
    .innerJoin(driveways, eq(driveways.id, listings.drivewayId))
    .where(and(bookable, sql`${listings.location} <@ ${reach}`))
    .orderBy(miles, asc(listings.priceCents), asc(listings.id))
    .limit(limit);
}

export async function nearestListings(
  db: Database,
  input: NearestListingsInput,
): Promise<NearestListing[]> {
  const statement = preparedFor(db, 'nearest_listings', (name) =>
    nearestListingsQuery(db).prepare(name),
  );
  return statement.execute({ ...input });
}

/**
 * Spaces taken on a listing, confirmed or held for payment (call inside the transaction that holds
 * the listing lock).
 */
export async function spacesTaken(tx: Tx, listingId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.listingId, listingId), takesSpace));
  return row?.n ?? 0;
}

/**
 * A listing with its driveway (street, no house number) and event, for the pages that show one
 * listing: before a driver books it, and to its host once listed.
 */
export const listingSummaryColumns = {
  ...columnsOf(listings, 'id status priceCents spacesOffered availableFrom availableTo'),
  drivewayTitle: driveways.title,
  street: driveways.street,
  city: driveways.city,
  eventId: events.id,
  eventTitle: events.title,
  venueName: events.venueName,
  timeZone: events.timeZone,
  startsAt: events.startsAt,
};

/** Spaces still free on the open listings of an event. */
export async function eventSpacesLeft(db: Database, eventId: string): Promise<number> {
  const [row] = await db
    .select({
      left: sql<number>`coalesce(sum(greatest(${listings.spacesOffered} - coalesce((
        select count(*) from ${bookings}
        where ${bookings.listingId} = ${listings.id} and ${takesSpace}
      ), 0), 0)), 0)::int`,
    })
    .from(listings)
    .innerJoin(driveways, eq(driveways.id, listings.drivewayId))
    .where(bookableListingsOf(eventId));
  return row?.left ?? 0;
}

type Viewer = { id: string; isAdmin: boolean } | null;

/** Whether `viewer` is the listing's host or an admin: who may see it before drivers may. */
export function hostOrAdmin(viewer: Viewer, hostId: string | null): boolean {
  return viewer !== null && (viewer.isAdmin || viewer.id === hostId);
}

/**
 * Whether `viewer` may see a listing at all: drivers only once it passed review (open, or closed
 * since); a listing waiting for review or rejected only by its host and by admins.
 */
export function mayViewListing(
  viewer: Viewer,
  listing: { status: Listing['status']; hostId: string | null },
): boolean {
  return (
    listing.status === 'open' || listing.status === 'closed' || hostOrAdmin(viewer, listing.hostId)
  );
}

/** A street as drivers see it before booking (and after a cancel): without the house number. */
export const streetWithoutNumber = (street: string) => street.replace(/^\d+[a-z]?\s+/i, '');

/**
 * The place of a booking that no longer holds a space (cancelled, or a hold that ran out): the
 * street without the house number, a position to about 100 m, no access instructions. The
 * exact address and the gate are for drivers who may park there.
 */
export function placeWithoutAccess<
  T extends { street: string; latitude: number; longitude: number; accessInstructions: string },
>(place: T): T {
  return {
    ...place,
    street: streetWithoutNumber(place.street),
    latitude: Math.round(place.latitude * 1000) / 1000,
    longitude: Math.round(place.longitude * 1000) / 1000,
    accessInstructions: '',
  };
}
