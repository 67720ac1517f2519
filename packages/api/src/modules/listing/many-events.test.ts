import { events, listings } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@parkside/core';
import { createContext } from '../../context';
import { createCaller } from '../../root';
import { approveDriveway, drivewayRequest, makeEvent } from '../../test-marketplace';
import { insertUsers, testUser } from '../../test-users';

let handle: TestDatabase;
const host = testUser('mehost', { isHost: true });
const other = testUser('meother', { isHost: true });
const api = (user: SessionUser | null) => createCaller(createContext({ db: handle.db, user }));

beforeAll(async () => {
  handle = await createTestDatabase();
  await insertUsers(handle.db, host, other);
}, 60_000);
afterAll(() => handle?.close());

let counter = 0;
/** A home game at the stadium, `days` from now. */
const game = (days: number) => {
  counter += 1;
  return makeEvent(handle.db, {
    title: `Home game ${counter}`,
    slug: `home-game-${counter}-${Date.now()}`,
    startsInHours: days * 24,
  });
};

describe('one driveway, many events', () => {
  it('offers the upcoming events within the distance it is not listed for, soonest first', async () => {
    const first = await game(3);
    const second = await game(10);
    const third = await game(17);
    const far = await makeEvent(handle.db, {
      title: 'Far away game',
      slug: `far-game-${Date.now()}`,
      startsInHours: 96,
      latitude: 45.5,
      longitude: -122.6,
    });
    const { drivewayId } = await api(host).listing.createWithDriveway(drivewayRequest(first.id));
    await approveDriveway(handle.db, drivewayId);
    const near = await api(host).listing.eventsNear({ drivewayId, miles: 2 });
    const ids = near.map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining([second.id, third.id]));
    expect(ids).not.toContain(first.id); // already listed
    expect(ids).not.toContain(far.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(third.id));
    expect(near.find((e) => e.id === second.id)!.miles).toBeLessThan(2);
    await expect(api(other).listing.eventsNear({ drivewayId, miles: 2 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('lists the driveway for several events in one go, each with its own window', async () => {
    const opener = await game(4);
    const games = [await game(11), await game(18), await game(25)];
    const { drivewayId } = await api(host).listing.createWithDriveway(drivewayRequest(opener.id));
    await approveDriveway(handle.db, drivewayId);
    const { created } = await api(host).listing.addForEvents({
      drivewayId,
      eventIds: games.map((g) => g.id),
      priceCents: 2200,
      spacesOffered: 2,
    });
    expect(created.map((c) => c.eventId)).toEqual(games.map((g) => g.id));
    const rows = await handle.db
      .select()
      .from(listings)
      .where(
        inArray(
          listings.eventId,
          games.map((g) => g.id),
        ),
      );
    expect(rows).toHaveLength(3);
    for (const g of games) {
      const row = rows.find((r) => r.eventId === g.id)!;
      expect(row).toMatchObject({ priceCents: 2200, spacesOffered: 2, status: 'open' });
      expect(row.availableFrom.getTime()).toBe(g.startsAt.getTime() - 3_600_000);
      expect(row.availableTo.getTime()).toBe(g.endsAt.getTime() + 3_600_000);
    }
    // Each one changes on its own afterwards.
    await api(host).listing.setSpaces({ listingId: created[0]!.listingId, spacesOffered: 1 });
    const [changed] = await handle.db
      .select()
      .from(listings)
      .where(eq(listings.id, created[0]!.listingId));
    expect(changed!.spacesOffered).toBe(1);
  });

  it('lists none when one event in the middle fails: already listed, cancelled, or too many spaces', async () => {
    const opener = await game(5);
    const { drivewayId } = await api(host).listing.createWithDriveway(drivewayRequest(opener.id));
    await approveDriveway(handle.db, drivewayId);
    const [a, b] = [await game(12), await game(19)];
    const count = async () =>
      (
        await handle.db
          .select()
          .from(listings)
          .where(inArray(listings.eventId, [a.id, b.id]))
      ).length;
    const request = (eventIds: string[], spacesOffered = 2) => ({
      drivewayId,
      eventIds,
      priceCents: 2000,
      spacesOffered,
    });
    await expect(
      api(host).listing.addForEvents(request([a.id, opener.id, b.id])),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/already listed for .+; nothing was listed\.$/),
    });
    expect(await count()).toBe(0);
    await handle.db.update(events).set({ status: 'cancelled' }).where(eq(events.id, b.id));
    await expect(api(host).listing.addForEvents(request([a.id, b.id]))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/is over or cancelled; nothing was listed\.$/),
    });
    expect(await count()).toBe(0);
    await expect(api(host).listing.addForEvents(request([a.id], 9))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(api(other).listing.addForEvents(request([a.id]))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await count()).toBe(0);
  });
});

describe('a new driveway listed for several events from its own form', () => {
  it('offers the events around the pin, and lists all ticked ones with the driveway, each price its own where given', async () => {
    const first = await game(4);
    const second = await game(11);
    const third = await game(18);
    const request = drivewayRequest(first.id);
    const near = await api(host).listing.eventsNearPoint({
      latitude: request.latitude,
      longitude: request.longitude,
      miles: 2,
    });
    expect(near.map((e) => e.id)).toEqual(expect.arrayContaining([first.id, second.id, third.id]));

    const made = await api(host).listing.createWithDriveway({
      ...request,
      alsoFor: [{ eventId: second.id }, { eventId: third.id, priceCents: 3500 }],
    });
    expect(made.alsoListed).toBe(2);
    const rows = await handle.db
      .select()
      .from(listings)
      .where(eq(listings.drivewayId, made.drivewayId));
    const priceOf = (eventId: string) => rows.find((r) => r.eventId === eventId)!.priceCents;
    expect(rows).toHaveLength(3);
    expect([priceOf(first.id), priceOf(second.id), priceOf(third.id)]).toEqual([2500, 2500, 3500]);
    expect(new Set(rows.map((r) => r.spacesOffered))).toEqual(new Set([2]));
    // Each of the others has its own window: an hour before its event to an hour after.
    const thirdRow = rows.find((r) => r.eventId === third.id)!;
    expect(thirdRow.availableFrom.getTime()).toBe(third.startsAt.getTime() - 3_600_000);
  });

  it('saves nothing, not even the driveway, when one of the events cannot be listed', async () => {
    const first = await game(5);
    const cancelled = await game(12);
    await handle.db.update(events).set({ status: 'cancelled' }).where(eq(events.id, cancelled.id));
    const title = `All or nothing ${Date.now()}`;
    await expect(
      api(host).listing.createWithDriveway({
        ...drivewayRequest(first.id, { title }),
        alsoFor: [{ eventId: cancelled.id }],
      }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('nothing was listed'),
    });
    const mine = await api(host).listing.mine();
    expect(mine.map((d) => d.title)).not.toContain(title);
    // The first event twice is refused before anything is written.
    await expect(
      api(host).listing.createWithDriveway({
        ...drivewayRequest(first.id),
        alsoFor: [{ eventId: first.id }],
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
