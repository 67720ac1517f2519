import {
  bookings,
  driveways,
  events,
  LAVELL_EDWARDS,
  listings,
  type Database,
  type NewEvent,
} from '@parkside/db';
import { instantToLocalDateTime, type EventCreateRequest } from '@parkside/validators';
import { PROVO_FAIR_PLACE } from '@parkside/validators/testing';
import type { SessionUser } from '@parkside/core';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let counter = 0;

/** Where most fixtures' events happen: LaVell Edwards Stadium in Provo, as in the demo data. */
export const STADIUM = LAVELL_EDWARDS;

/** Where most fixtures' driveways are: two blocks from the stadium. */
export const NEAR_STADIUM = {
  street: '1550 N 1000 E',
  city: 'Provo',
  region: 'UT',
  postalCode: '84604',
  latitude: 40.255,
  longitude: -111.648,
} as const;

/**
 * For API tests: an event at LaVell Edwards Stadium starting `startsInHours` from now (default
 * 72) and lasting three hours, stored as given by `overrides`.
 */
export async function makeEvent(
  db: Database,
  { startsInHours = 72, ...overrides }: Partial<NewEvent> & { startsInHours?: number } = {},
) {
  const tag = Math.random().toString(36).slice(2, 10);
  const start = Date.now() + startsInHours * HOUR;
  const [event] = await db
    .insert(events)
    .values({
      title: `Game ${tag}`,
      slug: `game-${tag}`,
      ...STADIUM,
      startsAt: new Date(start),
      endsAt: new Date(start + 3 * HOUR),
      expectedAttendance: 60_000,
      ...overrides,
    })
    .returning();
  return event!;
}

/**
 * For API tests: what `listing.createWithDriveway` takes, a driveway a few blocks from LaVell
 * Edwards Stadium listed for `eventId` at $25 with 2 spaces, changed by `overrides` and, for
 * the listing, `listing`.
 */
export function drivewayRequest(
  eventId: string,
  overrides: Record<string, unknown> = {},
  listing: Record<string, unknown> = {},
) {
  return {
    title: 'Shady spot on 1450 North',
    street: '1552 N 1450 E',
    city: 'Provo',
    region: 'UT',
    postalCode: '84604',
    latitude: 40.2601,
    longitude: -111.6502,
    capacity: 3,
    amenities: ['tailgating'] as ('tailgating' | 'covered')[],
    accessInstructions: 'Park nose-in on the left side.',
    listing: { eventId, priceCents: 2500, spacesOffered: 2, ...listing },
    ...overrides,
  };
}

/**
 * A listing of `driveway` for an event at $20 unless told, its position copied from the driveway
 * as the product copies it.
 */
export async function insertListing(
  db: Database,
  driveway: { id: string; latitude: number; longitude: number },
  eventId: string,
  fields: Omit<
    typeof listings.$inferInsert,
    'drivewayId' | 'eventId' | 'location' | 'priceCents'
  > & {
    priceCents?: number;
  },
) {
  const [listing] = await db
    .insert(listings)
    .values({
      drivewayId: driveway.id,
      location: { x: driveway.longitude, y: driveway.latitude },
      eventId,
      priceCents: 2000,
      ...fields,
    })
    .returning();
  return listing!;
}

/**
 * A booking of `listing` by `driverId` written straight to the table, $20 paid on arrival unless
 * told: for tests that need a booking in a state the booking procedures would not make now.
 */
export async function insertBooking(
  db: Database,
  listing: { id: string; eventId: string },
  driverId: string,
  fields: Partial<typeof bookings.$inferInsert> = {},
) {
  const [booking] = await db
    .insert(bookings)
    .values({
      listingId: listing.id,
      eventId: listing.eventId,
      driverId,
      priceCents: 2000,
      platformFeeCents: 0,
      hostPayoutCents: 2000,
      paymentStatus: 'due_on_arrival',
      idempotencyKey: randomUUID(),
      ...fields,
    })
    .returning();
  return booking!;
}

/**
 * For API tests: an upcoming event near LaVell Edwards Stadium and a listing of `spaces` at $20
 * on a driveway of `host`, parked from an hour before the start to four after; with `openNow`,
 * from an hour ago to three hours ahead instead, so a check-in or a report is possible now and
 * the booking's day is today in the event's zone whatever hour the suite runs.
 */
export async function makeListing(
  db: Database,
  host: SessionUser,
  { spaces = 3, startsInHours = 72, status = 'open' as 'open' | 'closed', openNow = false } = {},
) {
  counter += 1;
  const tag = `${counter}-${Math.random().toString(36).slice(2, 8)}`;
  const start = Date.now() + startsInHours * HOUR;
  const event = await makeEvent(db, { startsInHours, title: `Game ${tag}`, slug: `game-${tag}` });
  const [driveway] = await db
    .insert(driveways)
    .values({
      hostId: host.id,
      title: 'Two blocks from the stadium',
      ...NEAR_STADIUM,
      capacity: 4,
      accessInstructions: 'Park on the left side of the driveway.',
    })
    .returning();
  const listing = await insertListing(db, driveway!, event!.id, {
    spacesOffered: spaces,
    availableFrom: new Date(openNow ? Date.now() - HOUR : start - HOUR),
    availableTo: new Date(openNow ? Date.now() + 3 * HOUR : start + 4 * HOUR),
    status,
  });
  return { event: event!, driveway: driveway!, listing };
}

/** What `booking.create` takes for `listingId`: a car, and a fresh idempotency key unless given. */
export function bookingRequest(
  listingId: string,
  { key = `key-${randomUUID()}`, plate = 'UT 4821', car = 'White Ford F-150' } = {},
) {
  return { listingId, licensePlate: plate, vehicleDescription: car, idempotencyKey: key };
}

/** A local time in Denver `days` from now, as the form sends it. */
export function denverLocal(days: number, hour = 19): string {
  const day = instantToLocalDateTime(new Date(Date.now() + days * DAY), 'America/Denver');
  return `${day.slice(0, 10)}T${String(hour).padStart(2, '0')}:30`;
}

/** For API tests: what `event.create` takes, a fair in Provo 20 days from now. */
export function eventInput(overrides: Partial<EventCreateRequest> = {}): EventCreateRequest {
  return {
    title: 'Provo Summer Fair',
    description: 'Rides, food trucks and a parade.',
    ...PROVO_FAIR_PLACE,
    startLocal: denverLocal(20, 10),
    endLocal: denverLocal(20, 18),
    expectedAttendance: 12_000,
    websiteUrl: 'https://provo.example.org/fair',
    ...overrides,
  };
}

/**
 * The booking as if its driver had paid by card, with no payment provider in the test: a card
 * payment is what a cancel refunds (a booking paid on arrival was never charged).
 */
export async function paidByCard<T extends { id: string }>(db: Database, booking: T): Promise<T> {
  await db
    .update(bookings)
    .set({ paymentStatus: 'paid', paymentIntentId: `pi_${booking.id.slice(0, 8)}` })
    .where(eq(bookings.id, booking.id));
  return booking;
}

/**
 * For API tests about what happens once a listing is live: a driveway made through the API gets
 * a photo, and its listings in review are approved, as an admin would (the review itself is
 * tested in admin-listings.test.ts). Later listings of this host and driveway go live at once.
 */
export async function approveDriveway(db: Database, drivewayId: string, { photo = true } = {}) {
  if (photo) {
    await db
      .update(driveways)
      .set({ photos: [`/files/driveways/${drivewayId}/front.jpg`] })
      .where(eq(driveways.id, drivewayId));
  }
  await db
    .update(listings)
    .set({ status: 'open', reviewFlags: [], reviewedAt: new Date() })
    .where(and(eq(listings.drivewayId, drivewayId), eq(listings.status, 'in_review')));
}
