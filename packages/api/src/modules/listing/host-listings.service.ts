import { selectListingPlaces } from '../../shared/booking-places';
import { driverRating, ownReviewOf, reviewStateOf } from '../../shared/reviews';
import { bookings, driveways, events, listings, users, type Database } from '@parkside/db';
import type {
  DrivewayCreateInput,
  DrivewayUpdateInput,
  ListingAddInput,
  ListingUpdateInput,
} from '@parkside/validators';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SessionUser } from '@parkside/core';
import { AppError } from '@parkside/core';
import { notifyWaitlist } from '../notifications/waitlist-mail';
import { inTransaction, type Tx } from '../../transaction';
import { spacesTaken, listingSummaryColumns } from '../../shared/listings';
import {
  reviewOfDriveway,
  reviewOfNewListing,
  type DrivewayForReview,
  type DrivewayReview,
} from '../../shared/listing-review';

/**
 * The host side of the marketplace: a host's driveways, their listings per event and the
 * bookings on them (/my-listings), and the changes a host may make. Every function answers
 * NOT_FOUND for a driveway, listing or booking of anyone else.
 */

const HOUR = 3_600_000;

export const isUpcoming = (event: { status: string; endsAt: Date }, now: Date) =>
  event.status === 'scheduled' && event.endsAt > now;

/** The host's own driveway, locked for a change. */
export async function lockOwnDriveway(tx: Tx, host: SessionUser, drivewayId: string) {
  const [driveway] = await tx
    .select()
    .from(driveways)
    .where(eq(driveways.id, drivewayId))
    .for('update')
    .limit(1);
  if (!driveway || driveway.hostId !== host.id)
    throw new AppError('NOT_FOUND', 'Driveway not found.');
  return driveway;
}

/** The host's own listing with its driveway and event; the driveway row is locked first. */
async function lockOwnListing(tx: Tx, host: SessionUser, listingId: string) {
  const [found] = await tx
    .select({ drivewayId: listings.drivewayId })
    .from(listings)
    .where(eq(listings.id, listingId))
    .limit(1);
  if (!found) throw new AppError('NOT_FOUND', 'Listing not found.');
  const driveway = await lockOwnDriveway(tx, host, found.drivewayId).catch(() => {
    throw new AppError('NOT_FOUND', 'Listing not found.');
  });
  const [row] = await tx
    .select({ listing: listings, event: events })
    .from(listings)
    .innerJoin(events, eq(events.id, listings.eventId))
    .where(eq(listings.id, listingId))
    .for('update', { of: listings })
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Listing not found.');
  return { ...row, driveway };
}

/**
 * A host's driveway and its first event listing, in one transaction. The listing's window
 * defaults to one hour before the event starts until one hour after it ends. The user becomes
 * a host.
 */
export async function createDrivewayWithListing(
  db: Database,
  host: SessionUser,
  input: DrivewayCreateInput,
  publicUrl: string,
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
    const { listing: offer, ...place } = input;
    const [driveway] = await tx
      .insert(driveways)
      .values({ ...place, hostId: host.id })
      .returning();
    const listing = await insertListing(tx, driveway!, event, {
      ...offer,
      availableFrom: offer.availableFrom ? new Date(offer.availableFrom) : undefined,
      availableTo: offer.availableTo ? new Date(offer.availableTo) : undefined,
    });
    await tx.update(users).set({ isHost: true }).where(eq(users.id, host.id));
    if (listing.status === 'open') await notifyWaitlist(tx, event.id, publicUrl);
    return { drivewayId: driveway!.id, listingId: listing.id, status: listing.status };
  });
}

/**
 * Everything /my-listings shows: the host's driveways (newest first), each with its listings
 * (soonest event first) and their bookings. Earnings are the host payouts of confirmed bookings.
 */
export async function listHostDriveways(db: Database, host: SessionUser, now = new Date()) {
  const places = await db
    .select()
    .from(driveways)
    .where(eq(driveways.hostId, host.id))
    .orderBy(desc(driveways.createdAt), asc(driveways.id));
  const placeIds = places.map((place) => place.id);
  const offers = placeIds.length
    ? await db
        .select({
          listing: listings,
          event: {
            id: events.id,
            title: events.title,
            venueName: events.venueName,
            timeZone: events.timeZone,
            startsAt: events.startsAt,
            endsAt: events.endsAt,
            status: events.status,
          },
        })
        .from(listings)
        .innerJoin(events, eq(events.id, listings.eventId))
        .where(inArray(listings.drivewayId, placeIds))
        .orderBy(asc(events.startsAt), asc(listings.id))
    : [];
  const offerIds = offers.map((offer) => offer.listing.id);
  const booked = offerIds.length
    ? await db
        .select({
          id: bookings.id,
          listingId: bookings.listingId,
          driverName: users.name,
          licensePlate: bookings.licensePlate,
          vehicleDescription: bookings.vehicleDescription,
          status: bookings.status,
          priceCents: bookings.priceCents,
          hostPayoutCents: bookings.hostPayoutCents,
          platformFeeCents: bookings.platformFeeCents,
          paymentStatus: bookings.paymentStatus,
          ...driverRating(bookings.driverId),
          ...ownReviewOf(bookings.id, 'host'),
          cancelledBy: bookings.cancelledBy,
          cancellationReason: bookings.cancellationReason,
          createdAt: bookings.createdAt,
        })
        .from(bookings)
        .leftJoin(users, eq(users.id, bookings.driverId))
        .where(inArray(bookings.listingId, offerIds))
        .orderBy(asc(bookings.createdAt), asc(bookings.id))
    : [];

  return places.map((place) => ({
    id: place.id,
    title: place.title,
    street: place.street,
    city: place.city,
    region: place.region,
    postalCode: place.postalCode,
    latitude: place.latitude,
    longitude: place.longitude,
    description: place.description,
    accessInstructions: place.accessInstructions,
    capacity: place.capacity,
    amenities: place.amenities,
    photos: place.photos,
    status: place.status,
    listings: offers
      .filter(({ listing }) => listing.drivewayId === place.id)
      .map(({ listing, event }) => {
        // Holds waiting for payment (or that ran out) are not bookings to the host yet.
        const own = booked.filter(
          (b) =>
            b.listingId === listing.id && (b.status === 'confirmed' || b.status === 'cancelled'),
        );
        const confirmed = own.filter((b) => b.status === 'confirmed');
        const upcoming = isUpcoming(event, now);
        return {
          id: listing.id,
          priceCents: listing.priceCents,
          spacesOffered: listing.spacesOffered,
          booked: confirmed.length,
          earningsCents: confirmed.reduce((sum, b) => sum + b.hostPayoutCents, 0),
          availableFrom: listing.availableFrom.toISOString(),
          availableTo: listing.availableTo.toISOString(),
          licensePlateRequired: listing.licensePlateRequired,
          status: listing.status,
          /** Why it waits for review (in review), and the admin's reason (rejected). */
          reviewFlags: listing.reviewFlags,
          reviewReason: listing.reviewReason,
          upcoming,
          event: {
            ...event,
            startsAt: event.startsAt.toISOString(),
            endsAt: event.endsAt.toISOString(),
          },
          bookings: own.map(
            ({
              listingId: _listingId,
              driverName,
              createdAt,
              reviewRating,
              reviewBody,
              reviewCreatedAt,
              ...b
            }) => ({
              ...b,
              review: reviewStateOf(
                {
                  status: b.status,
                  endsAt: event.endsAt,
                  reviewRating,
                  reviewBody,
                  reviewCreatedAt,
                },
                now,
              ),
              driverName: driverName ?? 'Former Parkside driver',
              createdAt: createdAt.toISOString(),
              cancellable: b.status === 'confirmed' && upcoming,
            }),
          ),
        };
      }),
  }));
}

/** One of the host's listings with its driveway and event, for /listing-success. */
export async function requireHostListing(db: Database, host: SessionUser, listingId: string) {
  const [row] = await selectListingPlaces(db, {
    ...listingSummaryColumns,
    hostId: driveways.hostId,
  })
    .where(eq(listings.id, listingId))
    .limit(1);
  if (!row || row.hostId !== host.id) throw new AppError('NOT_FOUND', 'Listing not found.');
  const { hostId: _hostId, ...listing } = row;
  return {
    ...listing,
    availableFrom: listing.availableFrom.toISOString(),
    availableTo: listing.availableTo.toISOString(),
    startsAt: listing.startsAt.toISOString(),
  };
}

/**
 * A host changes a listing's price (future bookings only: bookings keep the amounts they were
 * made with), spaces (at most the driveway's capacity, never below the spaces booked) and window.
 */
export async function updateListing(
  db: Database,
  host: SessionUser,
  input: ListingUpdateInput,
  publicUrl: string,
  now = new Date(),
) {
  return inTransaction(db, async (tx) => {
    const { listing, event, driveway } = await lockOwnListing(tx, host, input.listingId);
    if (!isUpcoming(event, now))
      throw new AppError('CONFLICT', 'This event is over; its listing can no longer change.');
    if (input.spacesOffered > driveway.capacity) {
      throw new AppError('BAD_REQUEST', `This driveway holds ${driveway.capacity} cars at most.`);
    }
    const booked = await spacesTaken(tx, listing.id);
    if (input.spacesOffered < booked) {
      throw new AppError(
        'CONFLICT',
        `${booked} ${booked === 1 ? 'space is' : 'spaces are'} already booked; cancel bookings before offering fewer.`,
      );
    }
    const [updated] = await tx
      .update(listings)
      .set({
        priceCents: input.priceCents,
        spacesOffered: input.spacesOffered,
        availableFrom: new Date(input.availableFrom),
        availableTo: new Date(input.availableTo),
      })
      .where(eq(listings.id, listing.id))
      .returning();
    if (listing.status === 'open' && input.spacesOffered > listing.spacesOffered)
      await notifyWaitlist(tx, event.id, publicUrl);
    return { ...updated!, booked };
  });
}

/** A listing waiting for review, or rejected, neither opens nor closes: an admin decides. */
function refuseUnreviewed(listing: { status: string; reviewReason: string | null }) {
  if (listing.status === 'in_review')
    throw new AppError(
      'CONFLICT',
      'This listing is in review; drivers see it once an admin approves it.',
    );
  if (listing.status === 'rejected')
    throw new AppError(
      'CONFLICT',
      `This listing was not approved${listing.reviewReason ? `: ${listing.reviewReason}` : '.'}`,
    );
}

/** A closed listing opens again for its (still upcoming) event. */
export async function reopenListing(
  db: Database,
  host: SessionUser,
  listingId: string,
  publicUrl: string,
  now = new Date(),
) {
  return inTransaction(db, async (tx) => {
    const { listing, event, driveway } = await lockOwnListing(tx, host, listingId);
    if (listing.status === 'open') return { status: 'open' as const };
    refuseUnreviewed(listing);
    if (!isUpcoming(event, now))
      throw new AppError('CONFLICT', 'This event is over; its listing cannot reopen.');
    if (listing.spacesOffered > driveway.capacity) {
      throw new AppError(
        'CONFLICT',
        `This driveway now holds ${driveway.capacity} cars; offer fewer spaces before reopening.`,
      );
    }
    await tx.update(listings).set({ status: 'open' }).where(eq(listings.id, listing.id));
    await notifyWaitlist(tx, event.id, publicUrl);
    return { status: 'open' as const };
  });
}

/**
 * A host changes a driveway's description and capacity; the capacity never drops below the
 * spaces offered by its open listings of upcoming events.
 */
export async function updateDriveway(
  db: Database,
  host: SessionUser,
  input: DrivewayUpdateInput,
  now = new Date(),
) {
  return inTransaction(db, async (tx) => {
    const driveway = await lockOwnDriveway(tx, host, input.drivewayId);
    const [row] = await tx
      .select({ most: sql<number | null>`max(${listings.spacesOffered})::int` })
      .from(listings)
      .innerJoin(events, eq(events.id, listings.eventId))
      .where(
        and(
          eq(listings.drivewayId, driveway.id),
          eq(listings.status, 'open'),
          eq(events.status, 'scheduled'),
          sql`${events.endsAt} > ${now.toISOString()}::timestamptz`,
        ),
      );
    const most = row?.most ?? 0;
    if (input.capacity < most) {
      throw new AppError(
        'CONFLICT',
        `A listing of this driveway offers ${most} spaces; offer fewer there before lowering the capacity.`,
      );
    }
    const { drivewayId: _id, ...changes } = input;
    const [updated] = await tx
      .update(driveways)
      .set(changes)
      .where(eq(driveways.id, driveway.id))
      .returning();
    return updated!;
  });
}

/**
 * Makes a listing of the driveway for the event: its position, the terms, the window (by default
 * from an hour before the event starts to an hour after it ends), and listing review's answer:
 * live at once, or waiting for an admin with the flags that sent it there. `ofDriveway` is
 * listing review's reading of the driveway, when the caller lists it for several events.
 */
export async function insertListing(
  tx: Tx,
  driveway: DrivewayForReview,
  event: { id: string; startsAt: Date; endsAt: Date; latitude: number; longitude: number },
  terms: {
    priceCents: number;
    spacesOffered: number;
    licensePlateRequired: boolean;
    availableFrom?: Date;
    availableTo?: Date;
  },
  ofDriveway?: DrivewayReview,
) {
  const availableFrom = terms.availableFrom ?? new Date(event.startsAt.getTime() - HOUR);
  const availableTo = terms.availableTo ?? new Date(event.endsAt.getTime() + HOUR);
  if (availableTo <= availableFrom)
    throw new AppError('BAD_REQUEST', 'The parking window must end after it starts.');
  const review = await reviewOfNewListing(
    tx,
    driveway,
    ofDriveway ?? (await reviewOfDriveway(tx, driveway)),
    event,
    terms.priceCents,
  );
  const [listing] = await tx
    .insert(listings)
    .values({
      drivewayId: driveway.id,
      eventId: event.id,
      location: { x: driveway.longitude, y: driveway.latitude },
      priceCents: terms.priceCents,
      spacesOffered: terms.spacesOffered,
      availableFrom,
      availableTo,
      licensePlateRequired: terms.licensePlateRequired,
      ...review,
    })
    .returning({ id: listings.id, status: listings.status, reviewFlags: listings.reviewFlags });
  return listing!;
}

/** A host offers one of their driveways for another upcoming event. */
export async function addListing(
  db: Database,
  host: SessionUser,
  input: ListingAddInput,
  publicUrl: string,
  now = new Date(),
) {
  return inTransaction(db, async (tx) => {
    const driveway = await lockOwnDriveway(tx, host, input.drivewayId);
    const [event] = await tx.select().from(events).where(eq(events.id, input.eventId)).limit(1);
    if (!event || !isUpcoming(event, now))
      throw new AppError('BAD_REQUEST', 'Choose an upcoming event.');
    if (input.spacesOffered > driveway.capacity) {
      throw new AppError('BAD_REQUEST', `This driveway holds ${driveway.capacity} cars at most.`);
    }
    const [existing] = await tx
      .select({ id: listings.id })
      .from(listings)
      .where(and(eq(listings.drivewayId, driveway.id), eq(listings.eventId, event.id)))
      .limit(1);
    if (existing) {
      throw new AppError(
        'CONFLICT',
        'This driveway is already listed for that event; edit that listing instead.',
      );
    }
    const listing = await insertListing(tx, driveway, event, {
      ...input,
      availableFrom: input.availableFrom ? new Date(input.availableFrom) : undefined,
      availableTo: input.availableTo ? new Date(input.availableTo) : undefined,
    });
    if (listing.status === 'open') await notifyWaitlist(tx, event.id, publicUrl);
    return { listingId: listing.id, status: listing.status };
  });
}

/** A host changes how many spaces a listing offers; never below the spaces already booked. */
export async function setSpacesOffered(
  db: Database,
  host: SessionUser,
  listingId: string,
  spaces: number,
  publicUrl: string,
) {
  return inTransaction(db, async (tx) => {
    const { driveway, listing } = await lockOwnListing(tx, host, listingId);
    const capacity = driveway.capacity;
    if (spaces > capacity) {
      throw new AppError('BAD_REQUEST', `This driveway holds ${capacity} cars at most.`);
    }
    const booked = await spacesTaken(tx, listingId);
    if (spaces < booked) {
      throw new AppError(
        'CONFLICT',
        `${booked} spaces are already booked; cancel bookings before offering fewer.`,
      );
    }
    await tx.update(listings).set({ spacesOffered: spaces }).where(eq(listings.id, listingId));
    if (spaces > listing.spacesOffered) await notifyWaitlist(tx, listing.eventId, publicUrl);
    return { spacesOffered: spaces, booked };
  });
}

/** A host closes a listing; one that still has confirmed bookings must have them cancelled first. */
export async function closeListing(db: Database, host: SessionUser, listingId: string) {
  return inTransaction(db, async (tx) => {
    const { listing } = await lockOwnListing(tx, host, listingId);
    refuseUnreviewed(listing);
    if ((await spacesTaken(tx, listingId)) > 0) {
      throw new AppError(
        'CONFLICT',
        'This listing has bookings. Cancel them (the drivers are refunded) before closing it.',
      );
    }
    await tx.update(listings).set({ status: 'closed' }).where(eq(listings.id, listingId));
    return { status: 'closed' as const };
  });
}
