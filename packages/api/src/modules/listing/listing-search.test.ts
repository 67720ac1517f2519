import { parseSettings } from '../../settings';
import { driveways, events, listings, users } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../context';
import type { SessionUser } from '@parkside/core';
import { createCaller } from '../../root';
import {
  approveDriveway,
  drivewayRequest,
  makeEvent,
  paidByCard,
  STADIUM,
} from '../../test-marketplace';
import { insertUsers, testUser } from '../../test-users';
import { nearestListings } from '../../shared/listings';

let handle: TestDatabase;
let eventId: string;
let pastEventId: string;
const HOUR = 3_600_000;

const host = testUser('lhost');
const otherHost = testUser('lhost-2');
const driver = testUser('ldriver');
const unverified = testUser('lunverified', { emailVerified: false });

const api = (user: SessionUser | null, platformFeeBps?: number) =>
  createCaller(createContext({ db: handle.db, user, settings: parseSettings({ platformFeeBps }) }));

const venue = { latitude: 40.2574, longitude: -111.6547 };
/** A game at the venue, `hours` from now; its id. */
async function gameAtVenue(title: string, hours: number) {
  const slug = title.toLowerCase().replaceAll(' ', '-');
  return (await makeEvent(handle.db, { title, slug, ...venue, startsInHours: hours })).id;
}
const driveway = (overrides: Record<string, unknown> = {}, listing: Record<string, unknown> = {}) =>
  drivewayRequest(eventId, overrides, listing);

beforeAll(async () => {
  handle = await createTestDatabase();
  await insertUsers(handle.db, host, otherHost, driver, unverified);
  const base = {
    ...STADIUM,
    expectedAttendance: 60_000,
  };
  const [event] = await handle.db
    .insert(events)
    .values({
      ...base,
      title: 'Big Game',
      slug: 'big-game',
      startsAt: new Date(Date.now() + 72 * HOUR),
      endsAt: new Date(Date.now() + 75 * HOUR),
    })
    .returning();
  const [past] = await handle.db
    .insert(events)
    .values({
      ...base,
      title: 'Old Game',
      slug: 'old-game',
      startsAt: new Date(Date.now() - 72 * HOUR),
      endsAt: new Date(Date.now() - 70 * HOUR),
    })
    .returning();
  eventId = event!.id;
  pastEventId = past!.id;
});
afterAll(() => handle?.close());

describe('listing.createWithDriveway', () => {
  it('needs a signed-in user with a verified e-mail', async () => {
    await expect(api(null).listing.createWithDriveway(driveway())).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(api(unverified).listing.createWithDriveway(driveway())).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('creates the driveway and its listing with the default window, and makes the user a host', async () => {
    const created = await api(host).listing.createWithDriveway(driveway());
    // A new host's first listing, without photos, waits for review: drivers do not see it yet.
    expect(created).toMatchObject({
      drivewayId: expect.any(String),
      listingId: expect.any(String),
      status: 'in_review',
    });
    const [waiting] = await handle.db
      .select()
      .from(listings)
      .where(eq(listings.id, created.listingId));
    expect(waiting?.reviewFlags).toEqual(['first_listing', 'no_photos']);
    const before = await api(null).listing.forEvent({ eventId });
    expect(before.items.map((i) => i.id)).not.toContain(created.listingId);
    await approveDriveway(handle.db, created.drivewayId);
    const [row] = await handle.db.select().from(users).where(eq(users.id, host.id));
    expect(row?.isHost).toBe(true);
    const { items } = await api(null).listing.forEvent({ eventId });
    const mine = items.find((i) => i.id === created.listingId)!;
    const [event] = await handle.db.select().from(events).where(eq(events.id, eventId));
    expect(new Date(mine.availableFrom).getTime()).toBe(event!.startsAt.getTime() - HOUR);
    expect(new Date(mine.availableTo).getTime()).toBe(event!.endsAt.getTime() + HOUR);
  });

  it('refuses more spaces than the driveway holds, a past event, and a price out of range', async () => {
    await expect(
      api(host).listing.createWithDriveway(driveway({}, { spacesOffered: 4 })),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(
      api(host).listing.createWithDriveway(driveway({}, { eventId: pastEventId })),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Choose an upcoming event.',
    });
    await expect(
      api(host).listing.createWithDriveway(driveway({}, { priceCents: 50 })),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('listing.forEvent and booking through the API', () => {
  it('shows spaces left, hides the house number, and filters and sorts', async () => {
    const near = await api(otherHost).listing.createWithDriveway(
      driveway(
        { latitude: 40.258, longitude: -111.655, amenities: ['covered'] },
        { priceCents: 4000, spacesOffered: 1 },
      ),
    );
    await approveDriveway(handle.db, near.drivewayId);
    const { items, soldOut } = await api(null).listing.forEvent({ eventId });
    expect(soldOut).toBe(false);
    expect(items.map((i) => i.priceCents)).toEqual(
      [...items.map((i) => i.priceCents)].sort((a, b) => a - b),
    );
    expect(items.every((i) => !/^\d/.test(i.street))).toBe(true);
    expect(JSON.stringify(items)).not.toContain('Park nose-in');

    const byDistance = await api(null).listing.forEvent({ eventId, sort: 'distance' });
    expect(byDistance.items[0]?.id).toBe(near.listingId);
    const cheap = await api(null).listing.forEvent({ eventId, maxPriceCents: 3000 });
    expect(cheap.items.every((i) => i.priceCents <= 3000)).toBe(true);
    const covered = await api(null).listing.forEvent({ eventId, amenities: ['covered'] });
    expect(covered.items.map((i) => i.id)).toEqual([near.listingId]);

    const booking = await api(driver, 1000).booking.create({
      listingId: near.listingId,
      licensePlate: 'UT 4821',
      vehicleDescription: 'White Ford F-150',
      idempotencyKey: 'api-booking-1',
    });
    // The price comes from the stored listing, never from the browser; paid on arrival (no
    // payment provider here), no fee is taken: the host keeps it all.
    expect(booking).toMatchObject({
      priceCents: 4000,
      platformFeeCents: 0,
      hostPayoutCents: 4000,
    });
    const after = await api(null).listing.forEvent({ eventId, amenities: ['covered'] });
    expect(after.items[0]?.spacesLeft).toBe(0);
    expect(after.soldOut).toBe(true);
  });

  it('keeps every user to their own listings and bookings', async () => {
    const created = await api(host).listing.createWithDriveway(driveway({}, { spacesOffered: 1 }));
    await approveDriveway(handle.db, created.drivewayId);
    await expect(
      api(driver).listing.setSpaces({ listingId: created.listingId, spacesOffered: 2 }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      api(otherHost).listing.close({ listingId: created.listingId }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const booking = await api(driver).booking.create({
      listingId: created.listingId,
      licensePlate: 'UT 1111',
      vehicleDescription: 'Gray Toyota Camry',
      idempotencyKey: 'api-booking-2',
    });
    await expect(api(otherHost).booking.cancel({ bookingId: booking.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(api(null).booking.cancel({ bookingId: booking.id })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(
      api(host).booking.cancel({ bookingId: booking.id, reason: 'Snow' }),
    ).resolves.toMatchObject({
      status: 'cancelled',
      // Nothing was charged (paid on arrival), so nothing goes back.
      refundCents: 0,
      paymentStatus: 'void',
    });
  });

  it('shows drivers only their own bookings, with the full address once booked', async () => {
    const created = await api(host).listing.createWithDriveway(
      driveway({ title: 'Mine-test driveway' }),
    );
    await approveDriveway(handle.db, created.drivewayId);
    const booking = await api(driver).booking.create({
      listingId: created.listingId,
      licensePlate: 'UT 2222',
      vehicleDescription: 'Black Jeep Wrangler',
      idempotencyKey: 'api-booking-3',
    });
    const onArrival = (await api(driver).booking.mine()).find((b) => b.id === booking.id)!;
    expect(onArrival).toMatchObject({ refundIfCancelledCents: 0, messagesOpen: true });
    await paidByCard(handle.db, booking);
    const mine = await api(driver).booking.mine();
    const found = mine.find((b) => b.id === booking.id)!;
    expect(found).toMatchObject({
      street: '1552 N 1450 E',
      accessInstructions: 'Park nose-in on the left side.',
      cancellable: true,
      refundIfCancelledCents: 2500,
      past: false,
    });
    // The next moment its words turn by the clock: the refund cutoff, the window, the start.
    const turns = [
      Date.parse(found.startsAt) - 24 * 3_600_000,
      Date.parse(found.availableFrom),
      Date.parse(found.startsAt),
    ];
    expect(Date.parse(found.changesAt!)).toBe(Math.min(...turns.filter((t) => t >= Date.now())));
    await expect(api(otherHost).booking.byId({ bookingId: booking.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await api(otherHost).booking.mine()).map((b) => b.id)).not.toContain(booking.id);
    const preview = await api(driver).booking.preview({ listingId: created.listingId });
    expect(preview).toMatchObject({
      priceCents: 2500,
      street: 'N 1450 E',
      eventTitle: 'Big Game',
      refund: { fullRefundHours: 24, refundableNowCents: 2500 },
    });
  });
});

describe('sorting by walking distance', () => {
  let nearEventId: string;
  const ids: Record<'north' | 'east' | 'far', string> = { north: '', east: '', far: '' };

  beforeAll(async () => {
    nearEventId = await gameAtVenue('Distance Game', 96);
    // At this latitude a degree of longitude is about 53 miles and one of latitude 69: the spot
    // 0.010 degrees east (0.53 mi) is nearer than the one 0.008 degrees north (0.55 mi), though
    // it is more degrees away.
    const spots = {
      north: { latitude: venue.latitude + 0.008, longitude: venue.longitude, price: 1000 },
      east: { latitude: venue.latitude, longitude: venue.longitude + 0.01, price: 3000 },
      far: { latitude: venue.latitude + 0.02, longitude: venue.longitude - 0.02, price: 500 },
    };
    for (const [name, spot] of Object.entries(spots) as [keyof typeof spots, typeof spots.far][]) {
      const created = await api(host).listing.createWithDriveway(
        driveway(
          { title: `${name} spot`, latitude: spot.latitude, longitude: spot.longitude },
          { eventId: nearEventId, priceCents: spot.price, spacesOffered: 1 },
        ),
      );
      await approveDriveway(handle.db, created.drivewayId);
      ids[name] = created.listingId;
    }
  });

  it('lists the nearest driveway first, in the miles the cards show', async () => {
    const { items } = await api(null).listing.forEvent({ eventId: nearEventId, sort: 'distance' });
    expect(items.map((i) => i.id)).toEqual([ids.east, ids.north, ids.far]);
    expect(items.map((i) => i.distanceMiles)).toEqual([0.53, 0.55, 1.74]);
    const byPrice = await api(null).listing.forEvent({ eventId: nearEventId });
    expect(byPrice.items.map((i) => i.id)).toEqual([ids.far, ids.north, ids.east]);
  });

  it('finds the nearest listings with a space left straight from the index', async () => {
    const nearest = await nearestListings(handle.db, { eventId: nearEventId, ...venue, limit: 2 });
    expect(nearest.map((l) => l.id)).toEqual([ids.east, ids.north]);
    expect(nearest[0]).toMatchObject({ spacesLeft: 1, title: 'east spot' });
    expect(nearest[0]!.distanceMiles).toBeCloseTo(0.527, 3);

    await api(driver).booking.create({
      listingId: ids.east,
      licensePlate: 'UT 3333',
      vehicleDescription: 'Red Honda Civic',
      idempotencyKey: 'api-booking-distance',
    });
    const after = await nearestListings(handle.db, { eventId: nearEventId, ...venue, limit: 5 });
    expect(after.map((l) => l.id)).toEqual([ids.north, ids.far]);

    // A page that shows only the booked-out nearest driveway: more follow, and the event is
    // not sold out, because a driveway past the page still has a space.
    const firstPage = await api(null).listing.forEvent({
      eventId: nearEventId,
      sort: 'distance',
      limit: 1,
    });
    expect(firstPage).toMatchObject({ hasMore: true, soldOut: false });
    expect(firstPage.items.map((i) => [i.id, i.spacesLeft])).toEqual([[ids.east, 0]]);
    const wholeList = await api(null).listing.forEvent({ eventId: nearEventId, limit: 3 });
    expect(wholeList.hasMore).toBe(false);
    expect(wholeList.items).toHaveLength(3);
  });
});

describe('a page of listings by walking distance', () => {
  let crowdedEventId: string;

  beforeAll(async () => {
    crowdedEventId = await gameAtVenue('Crowded Game', 100);
    // 60 driveways scattered up to about 2 miles around the venue, more spread east-west than
    // north-south (where degrees and miles disagree most), a few on the very same spot, with
    // a spread of prices and amenities, and two no longer active.
    let seed = 7;
    const next = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
    for (let i = 0; i < 60; i += 1) {
      const sameSpot = i % 15 === 0;
      const latitude = venue.latitude + (sameSpot ? 0.004 : (next() - 0.5) * 0.05);
      const longitude = venue.longitude + (sameSpot ? 0.004 : (next() - 0.5) * 0.07);
      const [row] = await handle.db
        .insert(driveways)
        .values({
          hostId: host.id,
          title: `Crowded ${i}`,
          street: `${100 + i} N Main St`,
          city: 'Provo',
          region: 'UT',
          postalCode: '84604',
          latitude,
          longitude,
          capacity: 2,
          amenities: i % 3 === 0 ? ['covered'] : i % 3 === 1 ? ['covered', 'ev_charging'] : [],
          status: i % 29 === 5 ? 'inactive' : 'active',
        })
        .returning();
      await handle.db.insert(listings).values({
        drivewayId: row!.id,
        eventId: crowdedEventId,
        location: { x: longitude, y: latitude },
        priceCents: 500 + Math.floor(next() * 40) * 100,
        spacesOffered: 2,
        availableFrom: new Date(Date.now() + 90 * HOUR),
        availableTo: new Date(Date.now() + 110 * HOUR),
      });
    }
  });

  it('is exactly the start of the whole list, nearest first, whatever the filters', async () => {
    const filterSets = [
      {},
      { maxPriceCents: 2500 },
      { amenities: ['covered' as const] },
      { amenities: ['covered' as const, 'ev_charging' as const], maxPriceCents: 3000 },
    ];
    for (const filters of filterSets) {
      const whole = await api(null).listing.forEvent({
        eventId: crowdedEventId,
        sort: 'distance',
        ...filters,
      });
      expect(whole.items.length).toBeGreaterThan(5);
      const miles = whole.items.map((i) => i.distanceMiles);
      expect(miles).toEqual([...miles].sort((a, b) => a - b));
      for (const limit of [1, 5, 12, 24]) {
        const page = await api(null).listing.forEvent({
          eventId: crowdedEventId,
          sort: 'distance',
          limit,
          ...filters,
        });
        expect(
          page.items.map((i) => i.id),
          `${JSON.stringify(filters)}, ${limit}`,
        ).toEqual(whole.items.slice(0, limit).map((i) => i.id));
        expect(page.hasMore).toBe(whole.items.length > limit);
      }
    }
  });
});
