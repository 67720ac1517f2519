import { drivewayRating } from '../../shared/reviews';
import { driveways, listings, type Database, preparedFor, columnsOf } from '@parkside/db';
import type { listingsForEventInput } from '@parkside/validators';
import { and, arrayContains, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '@parkside/core';
import { eventRowById } from '../../shared/events';
import {
  bookedSpacesOf,
  boxAround,
  drivewayCardColumns,
  hasListingWithSpace,
  milesFrom,
  streetWithoutNumber,
} from '../../shared/listings';

/**
 * The open listings of an upcoming event with the spaces left, for drivers choosing a driveway.
 * Before booking, drivers see the street but not the house number, and a position rounded to
 * about 100 m; the exact address and access instructions come with the booking.
 */
export async function listingsForEvent(
  db: Database,
  input: z.output<typeof listingsForEventInput>,
) {
  const event = await eventRowById(db, input.eventId);
  if (!event) throw new AppError('NOT_FOUND', 'Event not found.');
  return listingsOfEvent(db, event, input);
}

/** What the listings query needs to know of the event. */
interface ListingsEvent {
  id: string;
  status: string;
  endsAt: Date;
  latitude: number;
  longitude: number;
}

type ListingsInput = z.output<typeof listingsForEventInput>;

/**
 * The listings query in one shape: the sort, and whether a maximum price, amenities or a limit
 * are asked for. Every value is a placeholder, so Drizzle builds the SQL of a shape once per
 * database handle and PostgreSQL plans it once per connection; /rent runs it on every request.
 */
function prepareListingsQuery(db: Database, shape: ListingsShape, name: string) {
  const place = {
    latitude: sql`${sql.placeholder('latitude')}::float8`,
    longitude: sql`${sql.placeholder('longitude')}::float8`,
  };
  const listingConditions = [
    eq(listings.eventId, sql`${sql.placeholder('eventId')}::uuid`),
    eq(listings.status, 'open'),
    gt(listings.availableTo, sql`${sql.placeholder('now')}::timestamptz`),
    shape.maxPrice ? lte(listings.priceCents, sql.placeholder('maxPriceCents')) : undefined,
  ];
  const drivewayConditions = [
    eq(driveways.status, 'active'),
    shape.amenities ? arrayContains(driveways.amenities, sql.placeholder('amenities')) : undefined,
  ];
  // By distance, a page is found with the KNN-and-box steps of nearestListingsQuery on the
  // GiST index (event_id, location): KNN finds the page's worth of matching listings nearest in
  // plain degrees, the farthest of them in true miles bounds the page, and only the listings in
  // a box around that circle are sorted by miles. Sorting every listing of the event took about
  // 100 ms at 100,000 listings.
  const knn =
    shape.sort === 'distance' && shape.limit
      ? db.$with('knn').as(
          db
            .select({ miles: sql<number>`${milesFrom(place)}`.as('knn_miles') })
            .from(listings)
            .innerJoin(driveways, eq(driveways.id, listings.drivewayId))
            .where(and(...listingConditions, ...drivewayConditions))
            .orderBy(sql`${listings.location} <-> point(${place.longitude}, ${place.latitude})`)
            .limit(sql.placeholder('limitPlusOne')),
        )
      : undefined;
  // Only a page of listings is joined to its driveways, not every listing of the event:
  // - by price, PostgreSQL walks listings_open_event_price_idx cheapest first and joins each
  //   listing's driveway until the page is full (0.3 ms for the first page of an event with
  //   100,000 listings, where sorting them all took 40 to 70 ms);
  // - by distance, the subquery's ORDER BY keeps it a step of its own: the listings in the box
  //   are sorted by their miles, then the page is joined.
  // The driveway filters cost no more than a few extra rows.
  const candidates = db
    .select({
      ...columnsOf(
        listings,
        'id drivewayId priceCents spacesOffered availableFrom availableTo licensePlateRequired',
      ),
      miles: sql<number>`${milesFrom(place)}`.as('miles'),
    })
    .from(listings)
    .where(
      and(
        ...listingConditions,
        knn ? sql`${listings.location} <@ ${boxAround(place, knn, knn.miles)}` : undefined,
      ),
    )
    .$dynamic();
  const ordered = (
    shape.sort === 'distance'
      ? candidates.orderBy(sql`miles`, asc(listings.priceCents), asc(listings.id))
      : candidates
  ).as('ordered');
  const query = (knn ? db.with(knn) : db)
    .select({
      id: ordered.id,
      priceCents: ordered.priceCents,
      spacesOffered: ordered.spacesOffered,
      // Counted for the rows returned only, on the (listing_id, status) index.
      booked: sql<number>`${bookedSpacesOf(ordered.id)}::int`,
      miles: ordered.miles,
      availableFrom: ordered.availableFrom,
      availableTo: ordered.availableTo,
      licensePlateRequired: ordered.licensePlateRequired,
      ...drivewayCardColumns,
      // Drivers' reviews of the driveway, for the returned rows only (reviews_driveway_idx).
      ...drivewayRating(driveways.id),
    })
    .from(ordered)
    .innerJoin(driveways, eq(driveways.id, ordered.drivewayId))
    .where(and(...drivewayConditions))
    .orderBy(
      ...(shape.sort === 'distance'
        ? [asc(ordered.miles), asc(ordered.priceCents), asc(ordered.id)]
        : [asc(ordered.priceCents), asc(ordered.id)]),
    )
    .$dynamic();
  // One row more than asked tells whether there are more (the placeholder is the limit + 1).
  return (shape.limit ? query.limit(sql.placeholder('limitPlusOne')) : query).prepare(name);
}

interface ListingsShape {
  sort: ListingsInput['sort'];
  maxPrice: boolean;
  amenities: boolean;
  limit: boolean;
}

function listingsQuery(db: Database, input: ListingsInput) {
  const shape = {
    sort: input.sort,
    maxPrice: input.maxPriceCents !== undefined,
    amenities: input.amenities.length > 0,
    limit: input.limit !== undefined,
  };
  const name = `listings_for_event_${shape.sort}_${+shape.maxPrice}${+shape.amenities}${+shape.limit}`;
  return preparedFor(db, name, (statementName) => prepareListingsQuery(db, shape, statementName));
}

/** `listingsForEvent` for an event already read (e.g. with the rest of its page). */
export async function listingsOfEvent(db: Database, event: ListingsEvent, input: ListingsInput) {
  const rows = await listingsQuery(db, input).execute({
    eventId: event.id,
    latitude: event.latitude,
    longitude: event.longitude,
    now: new Date().toISOString(),
    maxPriceCents: input.maxPriceCents,
    amenities: input.amenities,
    limitPlusOne: input.limit === undefined ? undefined : input.limit + 1,
  });
  const hasMore = input.limit !== undefined && rows.length > input.limit;
  const items = rows.slice(0, input.limit).map((row) => ({
    id: row.id,
    priceCents: row.priceCents,
    spacesOffered: row.spacesOffered,
    availableFrom: row.availableFrom.toISOString(),
    availableTo: row.availableTo.toISOString(),
    licensePlateRequired: row.licensePlateRequired,
    title: row.title,
    street: streetWithoutNumber(row.street),
    city: row.city,
    latitude: Math.round(row.latitude * 1000) / 1000,
    longitude: Math.round(row.longitude * 1000) / 1000,
    amenities: row.amenities,
    photos: row.photos,
    ratingAverage: row.ratingAverage,
    ratingCount: row.ratingCount,
    spacesLeft: Math.max(row.spacesOffered - row.booked, 0),
    // The great-circle miles the query sorted by, from the listing's position to the venue.
    distanceMiles: Math.round(row.miles * 100) / 100,
  }));
  // Sold out when no matching listing has a space left: a space on this page settles it;
  // otherwise look past the page (stops at the first listing with a space).
  const soldOut =
    items.length > 0 &&
    items.every((item) => item.spacesLeft === 0) &&
    (!hasMore || !(await hasListingWithSpace(db, event.id, input)));
  return {
    eventOpen: event.status === 'scheduled' && event.endsAt > new Date(),
    soldOut,
    /** More listings match than the `limit` returned. */
    hasMore,
    items,
  };
}
