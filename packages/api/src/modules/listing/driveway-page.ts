import { selectListingPlaces } from '../../shared/booking-places';
import { AppError, type SessionUser } from '@parkside/core';
import {
  driveways,
  events,
  listings,
  reviews,
  users,
  type Database,
  columnsOf,
} from '@parkside/db';
import type { PaymentProvider } from '@parkside/payments';
import { walkingMinutes } from '@parkside/validators';
import { and, desc, eq, sql } from 'drizzle-orm';
import { eventRowById, toSummary } from '../../shared/events';
import {
  bookedSpacesOf,
  hasListingWithSpace,
  mayViewListing,
  milesBetween,
  streetWithoutNumber,
} from '../../shared/listings';
import { hostTakesOnlinePayment } from '../../shared/payouts';
import { refundRule } from '../../shared/refund-rule';
import { drivewayRating, hostRating } from '../../shared/reviews';

/** Latest drivers' reviews shown on a driveway's page. */
export const DRIVEWAY_PAGE_REVIEWS = 3;

/** Whether a driver can book the listing now, and if not, why. */
export type DrivewayPageState =
  'open' | 'full' | 'closed' | 'ended' | 'cancelled' | 'in_review' | 'rejected';

/**
 * Everything a driver reads about one listing before booking it (/rent/LISTING_ID), public:
 * the driveway (photos, description, amenities, street without the house number, a position
 * rounded to about 100 m), its event, price and spaces left, the walk to the venue, the host's
 * first name, member-since and rating, the latest reviews, the refund rule, how it is paid, and
 * whether it can be booked. The exact address and access instructions come with a booking.
 * A listing waiting for review, or rejected, is shown only to its host and to admins, marked so
 * (state `in_review` or `rejected`, with the admin's reason); to anyone else it does not exist.
 */
export async function drivewayPage(
  db: Database,
  payments: PaymentProvider,
  viewer: Pick<SessionUser, 'id' | 'isAdmin'> | null,
  listingId: string,
  fullRefundHours: number,
  now = new Date(),
) {
  const [row] = await selectListingPlaces(db, {
    ...columnsOf(
      listings,
      'id eventId status reviewReason priceCents spacesOffered availableFrom availableTo licensePlateRequired',
    ),
    booked: sql<number>`${bookedSpacesOf(listings.id)}::int`,
    miles: milesBetween(
      { latitude: events.latitude, longitude: events.longitude },
      { latitude: driveways.latitude, longitude: driveways.longitude },
    ),
    drivewayId: driveways.id,
    drivewayStatus: driveways.status,
    ...columnsOf(
      driveways,
      'title description street city region latitude longitude amenities photos hostId',
    ),
    hostName: users.name,
    hostSince: users.createdAt,
    ...hostRating(driveways.hostId),
    ...drivewayRating(driveways.id),
  })
    .leftJoin(users, eq(users.id, driveways.hostId))
    .where(eq(listings.id, listingId))
    .limit(1);
  const event = row && (await eventRowById(db, row.eventId));
  // A listing waiting for review, or rejected, is not shown to drivers at all.
  if (!row || !event || !mayViewListing(viewer, row))
    throw new AppError('NOT_FOUND', 'That driveway is not listed.');

  const latest = await db
    .select({
      rating: reviews.rating,
      body: reviews.body,
      createdAt: reviews.createdAt,
      authorName: users.name,
    })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.authorId))
    .where(and(eq(reviews.drivewayId, row.drivewayId), eq(reviews.authorRole, 'driver')))
    .orderBy(desc(reviews.createdAt))
    .limit(DRIVEWAY_PAGE_REVIEWS);

  const spacesLeft = Math.max(row.spacesOffered - row.booked, 0);
  const state: DrivewayPageState =
    row.status === 'in_review' || row.status === 'rejected'
      ? row.status
      : event.status === 'cancelled'
        ? 'cancelled'
        : event.status !== 'scheduled' || event.endsAt <= now || row.availableTo <= now
          ? 'ended'
          : row.status !== 'open' || row.drivewayStatus !== 'active'
            ? 'closed'
            : spacesLeft === 0
              ? 'full'
              : 'open';
  const miles = Math.round(row.miles * 100) / 100;
  return {
    listing: {
      id: row.id,
      priceCents: row.priceCents,
      spacesOffered: row.spacesOffered,
      spacesLeft,
      availableFrom: row.availableFrom.toISOString(),
      availableTo: row.availableTo.toISOString(),
      licensePlateRequired: row.licensePlateRequired,
    },
    driveway: {
      title: row.title,
      description: row.description,
      // Before booking: the street without the house number, a position to about 100 m.
      street: streetWithoutNumber(row.street),
      city: row.city,
      region: row.region,
      latitude: Math.round(row.latitude * 1000) / 1000,
      longitude: Math.round(row.longitude * 1000) / 1000,
      amenities: row.amenities,
      photos: row.photos,
      rating:
        row.ratingCount > 0 && row.ratingAverage !== null
          ? { average: row.ratingAverage, count: row.ratingCount }
          : null,
    },
    event: toSummary(event),
    distanceMiles: miles,
    walkingMinutes: walkingMinutes(miles),
    host: row.hostId
      ? {
          firstName: row.hostName?.split(/\s+/)[0] || 'Your host',
          memberSince: row.hostSince!.toISOString(),
          rating:
            row.hostRatingCount > 0 && row.hostRatingAverage !== null
              ? { average: row.hostRatingAverage, count: row.hostRatingCount }
              : null,
        }
      : null,
    reviews: latest.map((review) => ({
      rating: review.rating,
      body: review.body,
      createdAt: review.createdAt.toISOString(),
      authorFirstName: review.authorName?.split(/\s+/)[0] || 'A driver',
    })),
    refund: refundRule(event.startsAt, row.priceCents, fullRefundHours, now),
    payOnline: await hostTakesOnlinePayment(db, payments, row.hostId),
    state,
    /** Why an admin turned the listing down (state `rejected`, seen by its host and admins). */
    rejectedBecause: row.status === 'rejected' ? row.reviewReason : null,
    /** Full, and so is every other driveway of the event: the wait-list is the way on. */
    eventFull: state === 'full' && !(await hasListingWithSpace(db, event.id)),
  };
}
