import { isUpcoming } from './host-listings.service';
import { selectListingPlaces } from '../../shared/booking-places';
import { driverRating, ownReviewOf, reviewStateOf } from '../../shared/reviews';
import {
  bookings,
  driveways,
  events,
  listings,
  users,
  type Database,
  columnsOf,
} from '@parkside/db';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { SessionUser } from '@parkside/core';
import { AppError } from '@parkside/core';
import { listingSummaryColumns } from '../../shared/listings';
/**
 * What a host reads of their side of the marketplace: their driveways with listings and bookings
 * (/my-listings), and one listing (/listing-success). NOT_FOUND for anyone else's.
 */

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
          event: columnsOf(events, 'id title venueName timeZone startsAt endsAt status'),
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
          ...columnsOf(
            bookings,
            'licensePlate vehicleDescription status priceCents hostPayoutCents platformFeeCents paymentStatus',
          ),
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
