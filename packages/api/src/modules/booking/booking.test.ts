import { bookings } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { bookingCreateInput } from '@parkside/validators';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@parkside/core';
import {
  makeListing as makeFixtureListing,
  paidByCard as markPaidByCard,
  bookingRequest,
} from '../../test-marketplace';
import { insertUsers, testUser } from '../../test-users';
import { closeListing, setSpacesOffered } from '../listing/listing-changes.service';
import {
  cancelBooking,
  createBooking,
  defaultBookingRules,
  FILLED_UP_MESSAGE,
} from './booking.service';
import { listEventBookings } from './booking.queries';

let handle: TestDatabase;
const HOUR = 3_600_000;

const paidByCard = <T extends { id: string }>(booking: T) => markPaidByCard(handle.db, booking);
const SITE = 'http://localhost:3000';
let counter = 0;

const host = testUser('host-1', { isHost: true });
const driver = testUser('driver-1');

async function addUser(user: SessionUser) {
  await insertUsers(handle.db, user);
  return user;
}

/** An upcoming event and a listing of `spaces` at $20 on host-1's driveway. */
function makeListing(options: Parameters<typeof makeFixtureListing>[2] = {}) {
  counter += 1;
  return makeFixtureListing(handle.db, host, options);
}

const request = (listingId: string, key = `key-${Math.random().toString(36).slice(2)}`) =>
  bookingCreateInput.parse(
    bookingRequest(listingId, { key, plate: 'abc 123', car: 'Blue Subaru Outback' }),
  );

beforeAll(async () => {
  handle = await createTestDatabase();
  await addUser(host);
  await addUser(driver);
});
afterAll(() => handle?.close());

describe('booking a space', () => {
  it('computes every amount from the stored price and confirms with payment due on arrival', async () => {
    const { listing } = await makeListing();
    const booking = await createBooking(handle.db, driver, request(listing.id));
    // Paid on arrival, the money never passes through Parkside: no fee, the host keeps it all.
    expect(booking).toMatchObject({
      status: 'confirmed',
      priceCents: 2000,
      platformFeeCents: 0,
      hostPayoutCents: 2000,
      licensePlate: 'ABC 123',
      paymentStatus: 'due_on_arrival',
    });
  });

  it('refuses a price or any other field the browser might add', () => {
    expect(
      bookingCreateInput.safeParse({
        listingId: crypto.randomUUID(),
        idempotencyKey: 'k-12345678',
        priceCents: 1,
      }).success,
    ).toBe(false);
  });

  it('returns the first booking when the same request is sent again', async () => {
    const { listing } = await makeListing();
    const first = await createBooking(handle.db, driver, request(listing.id, 'same-key-123'));
    const again = await createBooking(handle.db, driver, request(listing.id, 'same-key-123'));
    expect(again.id).toBe(first.id);
    const rows = await handle.db.select().from(bookings).where(eq(bookings.listingId, listing.id));
    expect(rows).toHaveLength(1);
  });

  it('never sells more spaces than offered, with the filled-up answer for the rest', async () => {
    const { listing } = await makeListing({ spaces: 1 });
    await createBooking(handle.db, driver, request(listing.id));
    const late = await addUser(testUser('late-driver'));
    await expect(createBooking(handle.db, late, request(listing.id))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: FILLED_UP_MESSAGE,
    });
  });

  it('confirms exactly 3 of 50 simultaneous requests for 3 spaces; none fails otherwise', async () => {
    const { listing } = await makeListing({ spaces: 3 });
    const drivers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => addUser(testUser(`rush-${counter}-${i}`))),
    );
    const results = await Promise.allSettled(
      drivers.map((d) => createBooking(handle.db, d, request(listing.id))),
    );
    const confirmed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(confirmed).toHaveLength(3);
    expect(refused).toHaveLength(47);
    for (const r of refused)
      expect(r.reason).toMatchObject({ code: 'CONFLICT', message: FILLED_UP_MESSAGE });
    const rows = await handle.db.select().from(bookings).where(eq(bookings.listingId, listing.id));
    expect(rows.filter((b) => b.status === 'confirmed')).toHaveLength(3);
  });

  it('refuses the host, a closed listing, a past event and a missing plate', async () => {
    const { listing } = await makeListing();
    await expect(createBooking(handle.db, host, request(listing.id))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const closed = await makeListing({ status: 'closed' });
    await expect(
      createBooking(handle.db, driver, request(closed.listing.id)),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const past = await makeListing({ startsInHours: -10 });
    await expect(createBooking(handle.db, driver, request(past.listing.id))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This event is no longer open for parking.',
    });
    await expect(
      createBooking(
        handle.db,
        driver,
        bookingCreateInput.parse({ listingId: listing.id, idempotencyKey: 'no-plate-1' }),
      ),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('checks license plates: 2 to 8 letters or digits, stored upper-case', () => {
    const plate = (licensePlate: string) =>
      bookingCreateInput.safeParse({
        listingId: crypto.randomUUID(),
        idempotencyKey: 'plate-key-1',
        licensePlate,
      });
    expect(plate('7-abc 12').data?.licensePlate).toBe('7-ABC 12');
    expect(plate('A').success).toBe(false);
    expect(plate('ABCDEFGHJ').success).toBe(false);
    expect(plate('AB$12').success).toBe(false);
  });
});

describe('cancelling', () => {
  it('refunds a card payment in full 24 hours or more before the start, and frees the space', async () => {
    const { listing } = await makeListing({ spaces: 1, startsInHours: 48 });
    const booking = await paidByCard(await createBooking(handle.db, driver, request(listing.id)));
    const cancelled = await cancelBooking(handle.db, driver, { bookingId: booking.id });
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'driver',
      refundCents: 2000,
      paymentStatus: 'refund_pending',
    });
    const next = await addUser(testUser(`next-${counter}`));
    await expect(createBooking(handle.db, next, request(listing.id))).resolves.toMatchObject({
      status: 'confirmed',
    });
  });

  it('never speaks of a refund for a booking paid on arrival: nothing was charged', async () => {
    const { listing } = await makeListing({ startsInHours: 48 });
    const booking = await createBooking(handle.db, driver, request(listing.id));
    await expect(
      cancelBooking(handle.db, driver, { bookingId: booking.id }),
    ).resolves.toMatchObject({ status: 'cancelled', refundCents: 0, paymentStatus: 'void' });
  });

  it('gives no refund inside 24 hours, and refuses once the event has started', async () => {
    const { listing } = await makeListing({ startsInHours: 5 });
    const booking = await paidByCard(await createBooking(handle.db, driver, request(listing.id)));
    await expect(
      cancelBooking(handle.db, driver, { bookingId: booking.id }),
    ).resolves.toMatchObject({ refundCents: 0, paymentStatus: 'paid' });

    const started = await makeListing({ startsInHours: 1 });
    const late = await createBooking(handle.db, driver, request(started.listing.id));
    const later = { ...defaultBookingRules, now: () => new Date(Date.now() + 2 * HOUR) };
    await expect(
      cancelBooking(handle.db, driver, { bookingId: late.id }, later),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('lets the host cancel with a reason and always a full refund', async () => {
    const { listing } = await makeListing({ startsInHours: 3 });
    const booking = await paidByCard(await createBooking(handle.db, driver, request(listing.id)));
    await expect(cancelBooking(handle.db, host, { bookingId: booking.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const cancelled = await cancelBooking(handle.db, host, {
      bookingId: booking.id,
      reason: 'Family emergency',
    });
    expect(cancelled).toMatchObject({
      cancelledBy: 'host',
      refundCents: 2000,
      cancellationReason: 'Family emergency',
    });
  });

  it('hides other people’s bookings: NOT_FOUND for anyone but the driver and the host', async () => {
    const { listing } = await makeListing();
    const booking = await createBooking(handle.db, driver, request(listing.id));
    const stranger = await addUser(testUser('stranger'));
    await expect(
      cancelBooking(handle.db, stranger, { bookingId: booking.id }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('a host editing a listing', () => {
  it('cannot offer fewer spaces than are booked, nor more than the driveway holds', async () => {
    const { listing } = await makeListing({ spaces: 3 });
    await createBooking(handle.db, driver, request(listing.id));
    const second = await addUser(testUser(`second-${counter}`));
    await createBooking(handle.db, second, request(listing.id));
    await expect(setSpacesOffered(handle.db, host, listing.id, 1, SITE)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(setSpacesOffered(handle.db, host, listing.id, 5, SITE)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(setSpacesOffered(handle.db, host, listing.id, 2, SITE)).resolves.toEqual({
      spacesOffered: 2,
      booked: 2,
    });
    await expect(setSpacesOffered(handle.db, driver, listing.id, 3, SITE)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('cannot close a listing that has bookings', async () => {
    const { listing } = await makeListing();
    const booking = await createBooking(handle.db, driver, request(listing.id));
    await expect(closeListing(handle.db, host, listing.id)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await cancelBooking(handle.db, host, { bookingId: booking.id, reason: 'Driveway repaving' });
    await expect(closeListing(handle.db, host, listing.id)).resolves.toEqual({ status: 'closed' });
  });
});

describe("an event's bookings, for a host to export", () => {
  it('pages through every booking once, oldest first, and counts them all on every page', async () => {
    const { listing } = await makeListing({ spaces: 3 });
    const made = [];
    for (let i = 0; i < 3; i++) {
      const someone = await addUser(testUser(`export-${counter}-${i}`));
      made.push(await createBooking(handle.db, someone, request(listing.id)));
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listEventBookings(handle.db, host, {
        eventId: listing.eventId,
        limit: 2,
        cursor,
      });
      expect(page.total).toBe(3);
      seen.push(...page.items.map((b) => b.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(made.map((b) => b.id));
  });
});
