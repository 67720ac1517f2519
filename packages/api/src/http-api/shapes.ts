import {
  AMENITIES,
  bookingStatus,
  cancelledBy,
  eventStatus,
  listingStatus,
  LISTING_REVIEW_FLAGS,
  parkingReportOutcome,
  PARKING_REPORT_REASONS,
  paymentStatus,
} from '@parkside/db';
import { z } from 'zod';

/**
 * What the described HTTP API (/api/v1, decision 067) answers: the public shape of each
 * procedure's result. Objects strip what is not listed here, so a field the site uses inside
 * (a payment provider's ids, an idempotency key) never reaches a tool, and a field added to a
 * service does not change the API until it is added here too. `id` names the schema in the
 * OpenAPI document.
 */

const instant = z.string().meta({ format: 'date-time', description: 'An ISO 8601 instant.' });
const cents = z.number().int().meta({ description: 'US cents.' });

export const eventShape = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    venueName: z.string(),
    street: z.string(),
    city: z.string(),
    region: z.string(),
    postalCode: z.string(),
    country: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    timeZone: z.string().meta({ description: 'The venue\'s IANA zone, e.g. "America/Denver".' }),
    startsAt: instant,
    endsAt: instant,
    expectedAttendance: z.number().int(),
    websiteUrl: z.string().nullable(),
    imageUrl: z.string().nullable(),
    status: z.enum(eventStatus.enumValues),
  })
  .meta({ id: 'Event' });

export const eventPageShape = z
  .object({
    items: z.array(eventShape),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: 'Pass as `cursor` for the next page; null on the last one.' }),
  })
  .meta({ id: 'EventPage' });

export const listingOfferShape = z
  .object({
    id: z.uuid(),
    title: z.string(),
    street: z.string(),
    city: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    priceCents: cents,
    spacesOffered: z.number().int(),
    spacesLeft: z.number().int(),
    availableFrom: instant,
    availableTo: instant,
    licensePlateRequired: z.boolean(),
    amenities: z.array(z.enum(AMENITIES)),
    photos: z.array(z.string()),
    ratingAverage: z.number().nullable(),
    ratingCount: z.number().int(),
    distanceMiles: z.number(),
  })
  .meta({ id: 'ListingOffer' });

export const eventListingsShape = z
  .object({
    eventOpen: z.boolean(),
    soldOut: z.boolean(),
    hasMore: z.boolean(),
    items: z.array(listingOfferShape),
  })
  .meta({ id: 'EventListings' });

const bookingFields = {
  id: z.uuid(),
  status: z.enum(bookingStatus.enumValues),
  eventId: z.uuid(),
  priceCents: cents,
  paymentStatus: z.enum(paymentStatus.enumValues),
  refundCents: cents,
  licensePlate: z.string().nullable(),
  vehicleDescription: z.string().nullable(),
  cancelledBy: z.enum(cancelledBy.enumValues).nullable(),
  cancellationReason: z.string().nullable(),
  checkedInAt: instant.nullable(),
  holdExpiresAt: instant
    .nullable()
    .meta({ description: 'While paying online: when the held space is let go.' }),
  checkoutUrl: z
    .string()
    .nullable()
    .meta({ description: 'While paying online: the page where the driver pays.' }),
  createdAt: instant,
};

export const bookingShape = z
  .object({
    ...bookingFields,
    listingId: z.uuid(),
    cancelledAt: instant.nullable(),
    gateCode: z.string().meta({ description: 'The six characters the driver reads at the gate.' }),
  })
  .meta({ id: 'Booking' });

export const driverBookingShape = z
  .object({
    ...bookingFields,
    eventTitle: z.string(),
    venueName: z.string(),
    timeZone: z.string(),
    startsAt: instant,
    endsAt: instant,
    drivewayTitle: z.string(),
    street: z.string(),
    city: z.string(),
    region: z.string(),
    postalCode: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    availableFrom: instant,
    availableTo: instant,
    accessInstructions: z.string(),
    past: z.boolean(),
    cancellable: z.boolean(),
    refundIfCancelledCents: cents,
  })
  .meta({ id: 'DriverBooking' });

export const checkInShape = z
  .object({
    bookingId: z.uuid(),
    licensePlate: z.string().nullable(),
    vehicleDescription: z.string().nullable(),
    driverFirstName: z.string(),
    checkedInAt: instant,
    alreadyCheckedIn: z.boolean(),
  })
  .meta({ id: 'CheckIn' });

export const reviewQueueShape = z
  .object({
    total: z.number().int(),
    listings: z.array(
      z.object({
        id: z.uuid(),
        priceCents: cents,
        spacesOffered: z.number().int(),
        createdAt: instant,
        reviewFlags: z.array(z.enum(LISTING_REVIEW_FLAGS)),
        earlierReviewReason: z.string().nullable(),
        changesSinceReview: z.array(z.string()),
        nearbyMedianCents: cents.nullable(),
        milesFromVenue: z.number(),
        event: z.object({
          id: z.uuid(),
          title: z.string(),
          venueName: z.string(),
          startsAt: instant,
          timeZone: z.string(),
        }),
        host: z
          .object({ id: z.string(), name: z.string(), email: z.string(), since: instant })
          .nullable(),
        driveway: z.object({
          id: z.uuid(),
          title: z.string(),
          description: z.string(),
          street: z.string(),
          city: z.string(),
          region: z.string(),
          postalCode: z.string(),
          latitude: z.number(),
          longitude: z.number(),
          photos: z.array(z.string()),
        }),
      }),
    ),
  })
  .meta({ id: 'ReviewQueue' });

export const listingDecisionShape = z
  .object({
    listingId: z.uuid(),
    label: z.string(),
    decision: z.enum(['approved', 'rejected']),
    reason: z.string().nullable(),
  })
  .meta({ id: 'ListingDecision' });

const periodFigures = z.object({
  confirmed: z.number().int(),
  cancelled: z.number().int(),
  grossCents: cents,
  feesCents: cents,
  refundsCents: cents,
  onArrivalCents: cents,
});

export const figuresShape = z
  .object({
    asOf: instant,
    users: z.number().int(),
    hosts: z.number().int(),
    upcomingEvents: z.number().int(),
    openListings: z.number().int(),
    newFeedback: z.number().int(),
    next7Days: z.object({ spacesOffered: z.number().int(), spacesBooked: z.number().int() }),
    last7Days: periodFigures,
    last30Days: periodFigures,
    perDay: z.array(z.object({ day: z.string(), bookings: z.number().int(), valueCents: cents })),
  })
  .meta({ id: 'Figures' });

export const userPageShape = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        email: z.string(),
        name: z.string(),
        isHost: z.boolean(),
        isAdmin: z.boolean(),
        emailVerified: z.boolean(),
        createdAt: instant,
      }),
    ),
    page: z.number().int(),
    pageCount: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'UserPage' });

/** A listing as webhooks send it (sent for review, approved, rejected). */
export const listingShape = z
  .object({
    id: z.uuid(),
    eventId: z.uuid(),
    drivewayId: z.uuid(),
    status: z.enum(listingStatus.enumValues),
    priceCents: cents,
    spacesOffered: z.number().int(),
    availableFrom: instant,
    availableTo: instant,
    reviewReason: z
      .string()
      .nullable()
      .meta({ description: 'Why it was rejected, as its host was told.' }),
    reviewedAt: instant.nullable(),
    createdAt: instant,
  })
  .meta({ id: 'Listing' });

/** "I can't park here", as webhooks send it (opened; answered by its host or reversed). */
export const parkingReportShape = z
  .object({
    id: z.uuid(),
    bookingId: z.uuid(),
    reason: z.enum(PARKING_REPORT_REASONS),
    note: z.string(),
    outcome: z.enum(parkingReportOutcome.enumValues),
    newBookingId: z.uuid().nullable(),
    refundCents: cents,
    waivedCents: cents,
    hostReply: z.string().nullable(),
    hostRepliedAt: instant.nullable(),
    reversedAt: instant.nullable(),
    reversalReason: z.string().nullable(),
    createdAt: instant,
  })
  .meta({ id: 'ParkingReport' });
