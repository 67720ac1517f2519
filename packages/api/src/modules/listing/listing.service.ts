import { bookings, driveways, events, listings, users, type Database } from '@parkside/db';
import type { DrivewayCreateInput, listingsForEventInput } from '@parkside/validators';
import { and, arrayContains, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../context';
import { AppError } from '../../errors';
import { milesFrom } from './listing.queries';

const HOUR = 3_600_000;

/**
 * A host's driveway and its first event listing, in one transaction. The listing's window
 * defaults to one hour before the event starts until one hour after it ends. The user becomes
 * a host.
 */
export async function createDrivewayWithListing(
  db: Database,
  host: SessionUser,
  input: DrivewayCreateInput,
) {
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Database;
    const [event] = await tx
      .select()
      .from(events)
      .where(eq(events.id, input.listing.eventId))
      .limit(1);
    if (!event || event.status !== 'scheduled' || event.endsAt <= new Date()) {
      throw new AppError('BAD_REQUEST', 'Choose an upcoming event.');
    }
    const availableFrom = input.listing.availableFrom
      ? new Date(input.listing.availableFrom)
      : new Date(event.startsAt.getTime() - HOUR);
    const availableTo = input.listing.availableTo
      ? new Date(input.listing.availableTo)
      : new Date(event.endsAt.getTime() + HOUR);
    if (availableTo <= availableFrom) {
      throw new AppError('BAD_REQUEST', 'The parking window must end after it starts.');
    }
    const { listing: offer, ...place } = input;
    const [driveway] = await tx
      .insert(driveways)
      .values({ ...place, hostId: host.id })
      .returning();
    const [listing] = await tx
      .insert(listings)
      .values({
        drivewayId: driveway!.id,
        location: { x: driveway!.longitude, y: driveway!.latitude },
        eventId: event.id,
        priceCents: offer.priceCents,
        spacesOffered: offer.spacesOffered,
        availableFrom,
        availableTo,
        licensePlateRequired: offer.licensePlateRequired,
      })
      .returning();
    await tx.update(users).set({ isHost: true }).where(eq(users.id, host.id));
    return { drivewayId: driveway!.id, listingId: listing!.id };
  });
}

/** Great-circle distance in miles between two points (what "near" means on /rent). */
function milesBetween(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.sqrt(a));
}

/**
 * The open listings of an upcoming event with the spaces left, for drivers choosing a driveway.
 * Before booking, drivers see the street but not the house number, and a position rounded to
 * about 100 m; the exact address and access instructions come with the booking.
 */
export async function listingsForEvent(
  db: Database,
  input: z.output<typeof listingsForEventInput>,
) {
  const [event] = await db.select().from(events).where(eq(events.id, input.eventId)).limit(1);
  if (!event) throw new AppError('NOT_FOUND', 'Event not found.');
  const booked = db
    .select({ listingId: bookings.listingId, n: sql<number>`count(*)::int`.as('n') })
    .from(bookings)
    .where(eq(bookings.status, 'confirmed'))
    .groupBy(bookings.listingId)
    .as('booked');
  const rows = await db
    .select({
      id: listings.id,
      priceCents: listings.priceCents,
      spacesOffered: listings.spacesOffered,
      booked: sql<number>`coalesce(${booked.n}, 0)::int`,
      availableFrom: listings.availableFrom,
      availableTo: listings.availableTo,
      licensePlateRequired: listings.licensePlateRequired,
      title: driveways.title,
      street: driveways.street,
      city: driveways.city,
      latitude: driveways.latitude,
      longitude: driveways.longitude,
      amenities: driveways.amenities,
      photos: driveways.photos,
    })
    .from(listings)
    .innerJoin(driveways, eq(driveways.id, listings.drivewayId))
    .leftJoin(booked, eq(booked.listingId, listings.id))
    .where(
      and(
        eq(listings.eventId, event.id),
        eq(listings.status, 'open'),
        eq(driveways.status, 'active'),
        input.maxPriceCents !== undefined
          ? lte(listings.priceCents, input.maxPriceCents)
          : undefined,
        input.amenities.length ? arrayContains(driveways.amenities, input.amenities) : undefined,
        gt(listings.availableTo, new Date()),
      ),
    )
    .orderBy(
      ...(input.sort === 'distance'
        ? [milesFrom(event), asc(listings.priceCents), asc(listings.id)]
        : [asc(listings.priceCents), asc(listings.id)]),
    );
  const items = rows.map(({ booked: n, street, latitude, longitude, ...row }) => ({
    ...row,
    street: street.replace(/^\d+[a-z]?\s+/i, ''),
    latitude: Math.round(latitude * 1000) / 1000,
    longitude: Math.round(longitude * 1000) / 1000,
    spacesLeft: Math.max(row.spacesOffered - n, 0),
    distanceMiles:
      Math.round(milesBetween(event.latitude, event.longitude, latitude, longitude) * 100) / 100,
    availableFrom: row.availableFrom.toISOString(),
    availableTo: row.availableTo.toISOString(),
  }));
  return {
    eventOpen: event.status === 'scheduled' && event.endsAt > new Date(),
    soldOut: items.length > 0 && items.every((item) => item.spacesLeft === 0),
    items,
  };
}
