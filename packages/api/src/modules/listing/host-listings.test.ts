import { bookings, emailJobs, listings } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../context';
import type { SessionUser } from '@parkside/core';
import { createCaller } from '../../root';
import {
  approveDriveway,
  makeEvent as makeFixtureEvent,
  NEAR_STADIUM,
  paidByCard,
} from '../../test-marketplace';
import { insertUsers, testUser } from '../../test-users';

let handle: TestDatabase;
const HOUR = 3_600_000;
let counter = 0;

const host = testUser('hs-host');
const otherHost = testUser('hs-other-host');
const driver = testUser('hs-driver', { name: 'Dana Driver' });
const unverified = testUser('hs-unverified', { emailVerified: false });

const api = (user: SessionUser | null) => createCaller(createContext({ db: handle.db, user }));

async function makeEvent({ startsInHours = 72 } = {}) {
  counter += 1;
  return makeFixtureEvent(handle.db, {
    startsInHours,
    title: `Host test game ${counter}`,
    slug: `host-test-game-${counter}`,
  });
}

/** host's new driveway (capacity 4, with a photo) listed for a new event: 2 spaces at $20, live. */
async function makeListing({ capacity = 4, spaces = 2 } = {}) {
  const event = await makeEvent();
  const { drivewayId, listingId } = await api(host).listing.createWithDriveway({
    title: 'Wide driveway by the stadium',
    ...NEAR_STADIUM,
    capacity,
    amenities: ['covered'],
    description: '',
    accessInstructions: 'Pull all the way up.',
    listing: {
      eventId: event.id,
      priceCents: 2000,
      spacesOffered: spaces,
      licensePlateRequired: true,
    },
  });
  await approveDriveway(handle.db, drivewayId);
  return { event, drivewayId, listingId };
}

const book = (listingId: string, user: SessionUser = driver) =>
  api(user).booking.create({
    listingId,
    licensePlate: 'ABC 123',
    vehicleDescription: 'Blue Subaru Outback',
    idempotencyKey: `k-${Math.random().toString(36).slice(2)}`,
  });

const updateOf = (listingId: string, changes: Record<string, unknown> = {}) => ({
  listingId,
  priceCents: 2000,
  spacesOffered: 2,
  availableFrom: new Date(Date.now() + 70 * HOUR).toISOString(),
  availableTo: new Date(Date.now() + 77 * HOUR).toISOString(),
  ...changes,
});

const drivewayChanges = (drivewayId: string, changes: Record<string, unknown> = {}) => ({
  drivewayId,
  title: 'Wide driveway by the stadium',
  description: 'Flat concrete.',
  accessInstructions: 'Pull all the way up.',
  capacity: 4,
  amenities: ['covered' as const],
  ...changes,
});

beforeAll(async () => {
  handle = await createTestDatabase();
  await insertUsers(handle.db, host, otherHost, driver, unverified);
});
afterAll(() => handle?.close());

describe('who may manage a listing', () => {
  it('answers NOT_FOUND to another host, UNAUTHORIZED to visitors, FORBIDDEN when unverified', async () => {
    const { drivewayId, listingId } = await makeListing();
    const other = await makeEvent();
    const booking = await book(listingId);
    const calls: [string, (user: SessionUser | null) => Promise<unknown>][] = [
      ['mineById', (u) => api(u).listing.mineById({ listingId })],
      ['update', (u) => api(u).listing.update(updateOf(listingId))],
      ['close', (u) => api(u).listing.close({ listingId })],
      ['reopen', (u) => api(u).listing.reopen({ listingId })],
      [
        'add',
        (u) =>
          api(u).listing.add({
            drivewayId,
            eventId: other.id,
            priceCents: 1500,
            spacesOffered: 1,
          }),
      ],
      ['updateDriveway', (u) => api(u).listing.updateDriveway(drivewayChanges(drivewayId))],
      ['booking.cancel', (u) => api(u).booking.cancel({ bookingId: booking.id, reason: 'Nope' })],
    ];
    for (const [name, call] of calls) {
      await expect(call(otherHost), name).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(call(null), name).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      await expect(call(unverified), name).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    await expect(api(null).listing.mine()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(api(unverified).listing.mine()).rejects.toMatchObject({ code: 'FORBIDDEN' });

    // Nothing changed: the booking stands, and the other host sees none of it.
    const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe('confirmed');
    const theirs = await api(otherHost).listing.mine();
    expect(theirs.flatMap((d) => d.listings).map((l) => l.id)).not.toContain(listingId);
  });
});

describe('/my-listings', () => {
  it('shows each listing with spaces booked and offered, earnings, and the bookings', async () => {
    const { drivewayId, listingId, event } = await makeListing({ spaces: 3 });
    await book(listingId);
    const second = testUser(`hs-second-${counter}`, { name: 'Sam Second' });
    await insertUsers(handle.db, second);
    const cancelled = await book(listingId, second);
    await api(second).booking.cancel({ bookingId: cancelled.id });

    const mine = await api(host).listing.mine();
    const place = mine.find((d) => d.id === drivewayId)!;
    expect(place).toMatchObject({ title: 'Wide driveway by the stadium', capacity: 4 });
    expect(place.listings).toHaveLength(1);
    expect(place.listings[0]).toMatchObject({
      id: listingId,
      priceCents: 2000,
      spacesOffered: 3,
      booked: 1,
      // Paid on arrival: the host keeps the whole price.
      earningsCents: 2000,
      status: 'open',
      upcoming: true,
      event: { id: event.id, title: event.title, timeZone: 'America/Denver' },
    });
    expect(place.listings[0]!.bookings).toMatchObject([
      {
        driverName: 'Dana Driver',
        licensePlate: 'ABC 123',
        vehicleDescription: 'Blue Subaru Outback',
        status: 'confirmed',
        cancellable: true,
      },
      { driverName: 'Sam Second', status: 'cancelled', cancellable: false },
    ]);
  });

  it('is empty for a user without driveways', async () => {
    await expect(api(driver).listing.mine()).resolves.toEqual([]);
  });
});

describe('editing a listing', () => {
  it('keeps spaces within the capacity and never below the spaces booked', async () => {
    const { listingId } = await makeListing({ capacity: 4, spaces: 3 });
    await book(listingId);
    const second = testUser(`hs-b-${counter}`);
    await insertUsers(handle.db, second);
    await book(listingId, second);
    await expect(
      api(host).listing.update(updateOf(listingId, { spacesOffered: 5 })),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This driveway holds 4 cars at most.',
    });
    await expect(
      api(host).listing.update(updateOf(listingId, { spacesOffered: 1 })),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      api(host).listing.update(updateOf(listingId, { spacesOffered: 2 })),
    ).resolves.toMatchObject({ spacesOffered: 2, booked: 2 });
  });

  it('changes the price for future bookings only', async () => {
    const { listingId } = await makeListing();
    const early = await book(listingId);
    await api(host).listing.update(updateOf(listingId, { priceCents: 3500 }));
    const later = testUser(`hs-later-${counter}`);
    await insertUsers(handle.db, later);
    const late = await book(listingId, later);
    const rows = await handle.db.select().from(bookings).where(eq(bookings.listingId, listingId));
    expect(rows.find((b) => b.id === early.id)).toMatchObject({
      priceCents: 2000,
      hostPayoutCents: 2000,
    });
    expect(rows.find((b) => b.id === late.id)).toMatchObject({
      priceCents: 3500,
      hostPayoutCents: 3500,
    });
  });

  it('refuses a window that ends before it starts and a price out of range', async () => {
    const { listingId } = await makeListing();
    const start = new Date(Date.now() + 70 * HOUR).toISOString();
    await expect(
      api(host).listing.update(updateOf(listingId, { availableFrom: start, availableTo: start })),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      api(host).listing.update(updateOf(listingId, { priceCents: 99 })),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      api(host).listing.update(updateOf(listingId, { priceCents: 100_001 })),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('closes a listing without bookings and reopens it', async () => {
    const { listingId } = await makeListing();
    await expect(api(host).listing.close({ listingId })).resolves.toEqual({ status: 'closed' });
    await expect(book(listingId)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(api(host).listing.reopen({ listingId })).resolves.toEqual({ status: 'open' });
    await expect(book(listingId)).resolves.toMatchObject({ status: 'confirmed' });
  });
});

describe('editing a driveway', () => {
  it('never lowers the capacity below the spaces an open listing offers', async () => {
    const { drivewayId } = await makeListing({ capacity: 4, spaces: 3 });
    await expect(
      api(host).listing.updateDriveway(drivewayChanges(drivewayId, { capacity: 2 })),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      api(host).listing.updateDriveway(
        drivewayChanges(drivewayId, {
          capacity: 3,
          title: 'Covered carport',
          amenities: ['covered', 'ev_charging'],
        }),
      ),
    ).resolves.toMatchObject({ capacity: 3, title: 'Covered carport' });
    await expect(
      api(host).listing.updateDriveway(drivewayChanges(drivewayId, { capacity: 51 })),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('listing a driveway for another event', () => {
  it('adds one listing per driveway and event, with the default window and the position', async () => {
    const { drivewayId, event: first } = await makeListing({ capacity: 4 });
    const next = await makeEvent({ startsInHours: 200 });
    const { listingId } = await api(host).listing.add({
      drivewayId,
      eventId: next.id,
      priceCents: 1500,
      spacesOffered: 4,
    });
    const [row] = await handle.db.select().from(listings).where(eq(listings.id, listingId));
    expect(row).toMatchObject({
      priceCents: 1500,
      spacesOffered: 4,
      status: 'open',
      location: { x: -111.648, y: 40.255 },
    });
    expect(row!.availableFrom.getTime()).toBe(next.startsAt.getTime() - HOUR);
    expect(row!.availableTo.getTime()).toBe(next.endsAt.getTime() + HOUR);

    for (const eventId of [next.id, first.id]) {
      await expect(
        api(host).listing.add({ drivewayId, eventId, priceCents: 1500, spacesOffered: 1 }),
      ).rejects.toMatchObject({ code: 'CONFLICT' });
    }
  });

  it('refuses more spaces than the driveway holds, a past event and a window out of order', async () => {
    const { drivewayId } = await makeListing({ capacity: 2 });
    const next = await makeEvent();
    const past = await makeEvent({ startsInHours: -10 });
    await expect(
      api(host).listing.add({ drivewayId, eventId: next.id, priceCents: 1500, spacesOffered: 3 }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      api(host).listing.add({ drivewayId, eventId: past.id, priceCents: 1500, spacesOffered: 1 }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Choose an upcoming event.' });
    await expect(
      api(host).listing.add({
        drivewayId,
        eventId: next.id,
        priceCents: 1500,
        spacesOffered: 1,
        availableFrom: next.endsAt.toISOString(),
        availableTo: next.startsAt.toISOString(),
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('a host cancelling a booking', () => {
  it('needs a reason, refunds in full, and frees the space', async () => {
    const { listingId, drivewayId } = await makeListing({ spaces: 1 });
    const booking = await paidByCard(handle.db, await book(listingId));
    await expect(api(host).booking.cancel({ bookingId: booking.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(
      api(host).booking.cancel({ bookingId: booking.id, reason: 'Driveway is being repaved' }),
    ).resolves.toMatchObject({ status: 'cancelled', cancelledBy: 'host', refundCents: 2000 });
    const mine = await api(host).listing.mine();
    const listing = mine.find((d) => d.id === drivewayId)!.listings[0]!;
    expect(listing).toMatchObject({ booked: 0, earningsCents: 0 });
    expect(listing.bookings[0]).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'Driveway is being repaved',
    });
  });
});

describe('the wait-list', () => {
  /** Wait-list mail queued for `email` about `eventTitle`. */
  const waitlistMail = (email: string) =>
    handle.db
      .select()
      .from(emailJobs)
      .where(and(eq(emailJobs.kind, 'waitlist-spaces'), eq(emailJobs.toAddress, email)));

  it('is e-mailed when a host raises spaces, reopens, or lists for the sold-out event', async () => {
    const { event, listingId } = await makeListing({ capacity: 4, spaces: 1 });
    await book(listingId);
    const raise = testUser(`hs-wait-raise-${counter}`);
    await insertUsers(handle.db, raise);
    await api(raise).waitlist.join({ eventId: event.id });
    await api(host).listing.update(updateOf(listingId, { spacesOffered: 2 }));
    expect(await waitlistMail(raise.email)).toHaveLength(1);

    // Sold out again; a second driveway is listed for the event.
    const second = testUser(`hs-wait-second-${counter}`);
    await insertUsers(handle.db, second);
    await book(listingId, second);
    const add = testUser(`hs-wait-add-${counter}`);
    await insertUsers(handle.db, add);
    await api(add).waitlist.join({ eventId: event.id });
    const other = await makeListing({ capacity: 2, spaces: 1 });
    await api(host).listing.close({ listingId: other.listingId });
    await api(host).listing.add({
      drivewayId: other.drivewayId,
      eventId: event.id,
      priceCents: 1500,
      spacesOffered: 1,
    });
    expect(await waitlistMail(add.email)).toHaveLength(1);

    // Sold out, then closed: reopening frees spaces again.
    const listed = (await api(host).listing.mine())
      .find((d) => d.id === other.drivewayId)!
      .listings.find((l) => l.event.id === event.id)!;
    await api(host).listing.close({ listingId: listed.id });
    const reopen = testUser(`hs-wait-reopen-${counter}`);
    await insertUsers(handle.db, reopen);
    await api(reopen).waitlist.join({ eventId: event.id });
    await api(host).listing.reopen({ listingId: listed.id });
    expect(await waitlistMail(reopen.email)).toHaveLength(1);
  });
});
