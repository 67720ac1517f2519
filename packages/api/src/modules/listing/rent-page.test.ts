import { driveways } from '@parkside/db';
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
  bookingRequest,
} from '../../test-marketplace';
import { insertUsers, testUser } from '../../test-users';

let handle: TestDatabase;
let eventId: string;
const host = testUser('rphost');
const driver = testUser('rpdriver');
const waiter = testUser('rpwaiter');

const api = (user: SessionUser | null) => createCaller(createContext({ db: handle.db, user }));

const driveway = (title: string, priceCents: number, spacesOffered: number) =>
  drivewayRequest(eventId, { title }, { priceCents, spacesOffered });

const book = (user: SessionUser, listingId: string, key: string) =>
  api(user).booking.create(bookingRequest(listingId, { key }));

beforeAll(async () => {
  handle = await createTestDatabase();
  await insertUsers(handle.db, host, driver, waiter);
  const event = await makeEvent(handle.db, { title: 'Rent Page Game', slug: 'rent-page-game' });
  eventId = event.id;
});
afterAll(() => handle?.close());

describe('listing.rentPage', () => {
  it('answers the event, the cards with their first photo, and whether the event is full', async () => {
    const cheap = await api(host).listing.createWithDriveway(driveway('Cheap spot', 1500, 1));
    await approveDriveway(handle.db, cheap.drivewayId);
    const dear = await api(host).listing.createWithDriveway(driveway('Dear spot', 4000, 1));
    await approveDriveway(handle.db, dear.drivewayId, { photo: false });
    await handle.db
      .update(driveways)
      .set({ photos: ['/v0/b/bucket/o/first.jpg', '/v0/b/bucket/o/second.jpg'] })
      .where(eq(driveways.id, cheap.drivewayId));

    const page = await api(null).listing.rentPage({ eventId, limit: 1 });
    expect(page.event).toMatchObject({ id: eventId, title: 'Rent Page Game' });
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      id: cheap.listingId,
      street: 'N 1450 E',
      spacesLeft: 1,
      photoUrl: '/v0/b/bucket/o/first.jpg',
    });
    expect(page).toMatchObject({ hasMore: true, full: false, waiting: false, soldOut: false });
    expect(JSON.stringify(page)).not.toContain('Park nose-in');

    // The only card shown is taken, but another listing has a space: not full.
    await book(driver, cheap.listingId, 'rent-page-1');
    const partly = await api(null).listing.rentPage({ eventId, limit: 1 });
    expect(partly.items[0]).toMatchObject({ id: cheap.listingId, spacesLeft: 0 });
    expect(partly.full).toBe(false);
    const filtered = await api(null).listing.rentPage({ eventId, maxPriceCents: 2000 });
    expect(filtered.items.map((i) => i.id)).toEqual([cheap.listingId]);
    expect(filtered).toMatchObject({ soldOut: true, full: false });

    // Every space taken: full, and a waiting driver is told so.
    await book(driver, dear.listingId, 'rent-page-2');
    const full = await api(null).listing.rentPage({ eventId });
    expect(full).toMatchObject({ full: true, waiting: false });
    expect(full.items[1]?.photoUrl).toBeNull();
    await api(waiter).waitlist.join({ eventId });
    expect(await api(waiter).listing.rentPage({ eventId })).toMatchObject({
      full: true,
      waiting: true,
    });
    expect((await api(driver).listing.rentPage({ eventId })).waiting).toBe(false);
  });

  it('answers NOT_FOUND for an unknown event', async () => {
    await expect(
      api(null).listing.rentPage({ eventId: '00000000-0000-4000-8000-000000000000' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
