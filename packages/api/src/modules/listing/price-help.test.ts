import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@parkside/core';
import { createContext } from '../../context';
import { createCaller } from '../../root';
import { approveDriveway, drivewayRequest, makeEvent, STADIUM } from '../../test-marketplace';
import { insertUsers, testUser } from '../../test-users';

let handle: TestDatabase;
const host = testUser('phhost');
const api = (user: SessionUser | null) => createCaller(createContext({ db: handle.db, user }));

beforeAll(async () => {
  handle = await createTestDatabase();
  await insertUsers(handle.db, host);
}, 60_000);
afterAll(() => handle?.close());

/** A driveway `north` degrees of latitude north of the stadium (0.01° is about 0.69 mi). */
const list = async (eventId: string, priceCents: number, north: number) => {
  const created = await api(host).listing.createWithDriveway(
    drivewayRequest(
      eventId,
      {
        title: `Driveway at ${priceCents}`,
        latitude: STADIUM.latitude + north,
        longitude: STADIUM.longitude,
      },
      { priceCents },
    ),
  );
  await approveDriveway(handle.db, created.drivewayId);
  return created;
};

describe('listing.priceHelp', () => {
  it('gives the median and range of open listings within a mile for the same event', async () => {
    const event = await makeEvent(handle.db, { title: 'Price Help Game', slug: 'price-help-game' });
    const other = await makeEvent(handle.db, { title: 'Other Game', slug: 'other-game-ph' });
    await list(event.id, 1500, 0.001);
    await list(event.id, 2000, 0.002);
    const mine = await list(event.id, 2500, 0.003);
    await list(event.id, 9000, 0.005);
    // Too far (about 2 miles), another event, or closed: left out.
    await list(event.id, 100_00, 0.03);
    await list(other.id, 5000, 0.001);
    const closed = await list(event.id, 7000, 0.002);
    await api(host).listing.close({ listingId: closed.listingId });

    const nearVenue = await api(null).listing.priceHelp({ eventId: event.id });
    expect(nearVenue).toEqual({
      around: 'venue',
      miles: 1,
      count: 4,
      medianCents: 2250,
      minCents: 1500,
      maxCents: 9000,
    });
    // Around a driveway, leaving out the listing being edited.
    const editing = await api(host).listing.priceHelp({
      eventId: event.id,
      latitude: STADIUM.latitude + 0.003,
      longitude: STADIUM.longitude,
      excludeListingId: mine.listingId,
    });
    expect(editing).toMatchObject({ around: 'driveway', count: 3, medianCents: 2000 });
  });

  it('says when there is nothing nearby, and NOT_FOUND for an unknown event', async () => {
    const event = await makeEvent(handle.db, { title: 'Empty Game', slug: 'empty-game-ph' });
    await expect(api(null).listing.priceHelp({ eventId: event.id })).resolves.toMatchObject({
      count: 0,
      medianCents: null,
      minCents: null,
      maxCents: null,
    });
    await expect(
      api(null).listing.priceHelp({ eventId: crypto.randomUUID() }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
