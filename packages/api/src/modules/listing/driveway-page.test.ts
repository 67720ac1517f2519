import { driveways, events, listings, reviews, users } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { walkingMinutes } from '@parkside/validators';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@parkside/core';
import { createContext } from '../../context';
import { createCaller } from '../../root';
import { insertBooking, makeListing } from '../../test-marketplace';
import { insertUsers, testUser } from '../../test-users';

let handle: TestDatabase;
const host = testUser('dphost', { name: 'Hayden Q. Host' });
const drivers = [1, 2, 3, 4].map((n) => testUser(`dpdriver${n}`, { name: `Driver${n} Last` }));

const api = (user: SessionUser | null) => createCaller(createContext({ db: handle.db, user }));

beforeAll(async () => {
  handle = await createTestDatabase();
  await insertUsers(handle.db, host, ...drivers);
  await handle.db
    .update(users)
    .set({ createdAt: new Date('2025-03-14T12:00:00Z') })
    .where(eq(users.id, host.id));
}, 60_000);
afterAll(() => handle?.close());

/** A driver's review of the driveway, written `daysAgo`, on a booking of its own. */
async function review(
  listing: { id: string; eventId: string; drivewayId: string },
  driver: SessionUser,
  rating: number,
  body: string,
  daysAgo: number,
) {
  const booking = await insertBooking(handle.db, listing, driver.id, {
    idempotencyKey: `review-${driver.id}-${daysAgo}`,
    status: 'cancelled',
  });
  await handle.db.insert(reviews).values({
    bookingId: booking.id,
    authorRole: 'driver',
    authorId: driver.id,
    subjectId: host.id,
    drivewayId: listing.drivewayId,
    rating,
    body,
    createdAt: new Date(Date.now() - daysAgo * 86_400_000),
  });
}

describe('listing.drivewayPage', () => {
  it('shows a visitor the driveway, its host, latest reviews, the walk and the refund rule, and no address', async () => {
    const { listing, driveway, event } = await makeListing(handle.db, host, {
      spaces: 2,
      startsInHours: 72,
    });
    await handle.db
      .update(driveways)
      .set({
        description: 'Level concrete, room for a truck.',
        amenities: ['covered', 'ev_charging'],
        photos: ['/v0/b/b/o/one.png', '/v0/b/b/o/two.png'],
      })
      .where(eq(driveways.id, driveway.id));
    const row = { id: listing.id, eventId: event.id, drivewayId: driveway.id };
    await review(row, drivers[0]!, 5, 'Easy in, easy out.', 9);
    await review(row, drivers[1]!, 3, 'A bit tight.', 5);
    await review(row, drivers[2]!, 4, '', 2);
    await review(row, drivers[3]!, 4, 'Friendly host.', 1);

    const page = await api(null).listing.drivewayPage({ listingId: listing.id });
    expect(page.state).toBe('open');
    expect(page.listing).toMatchObject({ id: listing.id, priceCents: 2000, spacesLeft: 2 });
    expect(page.driveway).toMatchObject({
      title: 'Two blocks from the stadium',
      description: 'Level concrete, room for a truck.',
      street: 'N 1000 E',
      amenities: ['covered', 'ev_charging'],
      photos: ['/v0/b/b/o/one.png', '/v0/b/b/o/two.png'],
      rating: { average: 4, count: 4 },
    });
    // About 100 m: three decimals of a degree.
    expect(page.driveway.latitude).toBe(40.255);
    expect(page.host).toEqual({
      firstName: 'Hayden',
      memberSince: '2025-03-14T12:00:00.000Z',
      rating: { average: 4, count: 4 },
    });
    // The latest three, newest first, each with the driver's first name only.
    expect(page.reviews.map((r) => [r.authorFirstName, r.rating, r.body])).toEqual([
      ['Driver4', 4, 'Friendly host.'],
      ['Driver3', 4, ''],
      ['Driver2', 3, 'A bit tight.'],
    ]);
    expect(page.distanceMiles).toBeGreaterThan(0);
    expect(page.walkingMinutes).toBe(walkingMinutes(page.distanceMiles));
    // 72 hours ahead: the full price comes back until 24 hours before the start.
    expect(page.refund).toEqual({
      fullRefundHours: 24,
      cutoff: new Date(event.startsAt.getTime() - 24 * 3_600_000).toISOString(),
      refundableNowCents: 2000,
    });
    expect(page.payOnline).toBe(false);
    const shown = JSON.stringify(page);
    expect(shown).not.toContain('1550 N 1000 E');
    expect(shown).not.toContain('Park on the left side');
    expect(shown).not.toContain(host.id);
    expect(shown).not.toContain('Last');
  });

  it('says when it cannot be booked: full, closed, event over or cancelled; unknown is not found', async () => {
    const full = await makeListing(handle.db, host, { spaces: 1 });
    await api(drivers[0]!).booking.create({
      listingId: full.listing.id,
      licensePlate: 'UT 1',
      vehicleDescription: 'Red Mini',
      idempotencyKey: 'dp-full-1',
    });
    await expect(
      api(null).listing.drivewayPage({ listingId: full.listing.id }),
    ).resolves.toMatchObject({ state: 'full', eventFull: true, listing: { spacesLeft: 0 } });

    const closed = await makeListing(handle.db, host, { status: 'closed' });
    const cancelled = await makeListing(handle.db, host);
    await handle.db
      .update(events)
      .set({ status: 'cancelled' })
      .where(eq(events.id, cancelled.event.id));
    for (const [made, state] of [
      [closed, 'closed'],
      [cancelled, 'cancelled'],
    ] as const) {
      await expect(
        api(null).listing.drivewayPage({ listingId: made.listing.id }),
      ).resolves.toMatchObject({ state });
    }

    const over = await makeListing(handle.db, host);
    await handle.db
      .update(events)
      .set({
        startsAt: new Date(Date.now() - 5 * 3_600_000),
        endsAt: new Date(Date.now() - 2 * 3_600_000),
      })
      .where(eq(events.id, over.event.id));
    await handle.db
      .update(listings)
      .set({
        availableFrom: new Date(Date.now() - 6 * 3_600_000),
        availableTo: new Date(Date.now() - 3_600_000),
      })
      .where(eq(listings.id, over.listing.id));
    await expect(
      api(null).listing.drivewayPage({ listingId: over.listing.id }),
    ).resolves.toMatchObject({ state: 'ended', refund: { refundableNowCents: 0 } });

    await expect(
      api(null).listing.drivewayPage({ listingId: crypto.randomUUID() }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
