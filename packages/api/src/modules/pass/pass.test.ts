/**
 * Game day on PostgreSQL: only the driver sees the pass; its check-in code cannot be forged or
 * used at another host's driveway, another day or for a cancelled booking; check-in is
 * idempotent; the host's arrivals list today's cars; reviews come after the event, once per side,
 * from the booking's two people only, and the averages add up.
 */
import { appSecrets, events } from '@parkside/db';
import type { TestDatabase } from '@parkside/db/testing';
import { bookingCreateInput } from '@parkside/validators';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameDayDatabase } from '../../test-game-day';
import { makeListing } from '../../test-marketplace';
import { insertUsers, testUser } from '../../test-users';
import { cancelBooking, createBooking } from '../booking/booking.service';
import { listingsOfEvent } from '../listing/listing-search.service';
import { listHostDriveways } from '../listing/host-listings.queries';
import { bookingReviews, REVIEW_ERRORS, saveReview } from '../review/review.service';
import { checkInCodeFor } from './check-in-code';
import { listSavedForOffline } from './offline.service';
import type { RateLimits } from '@parkside/core';
import { checkIn } from './check-in.service';
import { requirePass, listArrivals, PASS_ERRORS, passKey } from './pass.service';

let handle: TestDatabase;
let key: string;
let limits: RateLimits;
let counter = 0;
const host = testUser('gd-host', { isHost: true });
const otherHost = testUser('gd-host-2', { isHost: true });
const driver = testUser('gd-driver', { name: 'Dana Driver' });
const stranger = testUser('gd-stranger');

const request = (listingId: string) =>
  bookingCreateInput.parse({
    listingId,
    licensePlate: 'GD 2026',
    vehicleDescription: 'Orange VW Bus',
    idempotencyKey: `game-day-${(counter += 1)}-key`,
  });

/** A confirmed booking on an event starting `startsInHours` from now. */
async function booked(startsInHours = 2, who = driver, onHost = host, openNow = false) {
  const made = await makeListing(handle.db, onHost, { startsInHours, openNow });
  const booking = await createBooking(handle.db, who, request(made.listing.id));
  return { booking, ...made };
}

/**
 * A confirmed booking whose parking window holds this moment, so its day is today in the event's
 * zone at any hour the suite runs (a window starting in two hours is tomorrow late at night).
 */
const bookedForNow = (who = driver, onHost = host) => booked(2, who, onHost, true);

/** Moves an event (and its listings' windows) so it ended an hour ago. */
async function endEvent(eventId: string) {
  await handle.db.execute(
    sql`update events set starts_at = now() - interval '4 hours', ends_at = now() - interval '1 hour' where id = ${eventId}`,
  );
}

beforeAll(async () => {
  ({ handle, key, limits } = await gameDayDatabase(host, otherHost, driver, stranger));
});
afterAll(() => handle?.close());

describe('the pass', () => {
  it('is its driver’s alone, with the full address and a code that is not the booking id', async () => {
    const { booking, driveway } = await booked();
    const pass = await requirePass(handle.db, driver, booking.id, key);
    expect(pass).toMatchObject({
      status: 'confirmed',
      licensePlate: 'GD 2026',
      driveway: { street: driveway.street, accessInstructions: driveway.accessInstructions },
    });
    // Paid on arrival (no card payments here): the pass says what to hand the host.
    expect(pass.payment).toBe(
      `Pay $${(booking.priceCents / 100).toFixed(2)} to the host when you arrive`,
    );
    expect(pass.code).not.toContain(booking.id);
    expect(pass.code).not.toContain(booking.id.replace(/-/g, ''));
    for (const someone of [host, stranger]) {
      await expect(requirePass(handle.db, someone, booking.id, key)).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    }
  });

  it('of a cancelled booking names no amount', async () => {
    const { booking } = await booked();
    await cancelBooking(handle.db, driver, { bookingId: booking.id });
    expect((await requirePass(handle.db, driver, booking.id, key)).payment).toBeNull();
  });

  it('is signed with one key that every server reads from the database', async () => {
    const [row] = await handle.db
      .select()
      .from(appSecrets)
      .where(eq(appSecrets.name, 'pass-signing-key'));
    expect(row!.value).toBe(key);
    expect(await passKey(handle.db, 'a-configured-secret-of-32-characters!')).not.toBe(key);
  });
});

describe('checking in', () => {
  it('accepts the pass’s code once, keeps the first time, and the driver sees it', async () => {
    const { booking } = await bookedForNow();
    const { code } = await requirePass(handle.db, driver, booking.id, key);
    const first = await checkIn(
      handle.db,
      host,
      { code: code.toLowerCase().replace(/(.{4})/g, '$1 ') },
      { key, limits },
    );
    expect(first).toMatchObject({
      bookingId: booking.id,
      alreadyCheckedIn: false,
      driverFirstName: 'Dana',
    });
    const again = await checkIn(handle.db, host, { code }, { key, limits });
    expect(again).toMatchObject({ alreadyCheckedIn: true, checkedInAt: first.checkedInAt });
    expect((await requirePass(handle.db, driver, booking.id, key)).checkedInAt).toBe(
      first.checkedInAt,
    );
  });

  it('refuses a forged code, a changed one and one signed with another key', async () => {
    const { booking } = await booked();
    const { code } = await requirePass(handle.db, driver, booking.id, key);
    const changed = code.slice(0, 10) + (code[10] === 'A' ? 'B' : 'A') + code.slice(11);
    for (const forged of [
      changed,
      checkInCodeFor(booking.id, 'a key that is not ours'),
      booking.id,
      'PK0000000000000000000000000000000000000000',
    ]) {
      await expect(
        checkIn(handle.db, host, { code: forged }, { key, limits }),
      ).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: PASS_ERRORS.notOurs,
      });
    }
    expect((await requirePass(handle.db, driver, booking.id, key)).checkedInAt).toBeNull();
  });

  it('refuses a pass of another host’s driveway, a cancelled booking and another day', async () => {
    const { booking } = await booked();
    const { code } = await requirePass(handle.db, driver, booking.id, key);
    await expect(checkIn(handle.db, otherHost, { code }, { key, limits })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: PASS_ERRORS.otherHost,
    });
    await expect(
      checkIn(handle.db, otherHost, { bookingId: booking.id }, { key, limits }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await cancelBooking(handle.db, driver, { bookingId: booking.id });
    await expect(checkIn(handle.db, host, { code }, { key, limits })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: PASS_ERRORS.cancelled,
    });
    expect((await requirePass(handle.db, driver, booking.id, key)).status).toBe('cancelled');

    const later = await booked(24 * 5);
    const laterCode = (await requirePass(handle.db, driver, later.booking.id, key)).code;
    await expect(
      checkIn(handle.db, host, { code: laterCode }, { key, limits }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/^This pass is for \w+day, \w+ \d+, not today\.$/),
    });
  });

  it('lists today’s cars for their host only, with the first name and the check-in', async () => {
    const today = await bookedForNow();
    const { code } = await requirePass(handle.db, driver, today.booking.id, key);
    await checkIn(handle.db, host, { code }, { key, limits });
    const arrivals = await listArrivals(handle.db, host, key);
    const group = arrivals.find((g) => g.eventId === today.event.id)!;
    expect(group.day).toBe('today');
    expect(group.cars).toEqual([
      expect.objectContaining({
        bookingId: today.booking.id,
        licensePlate: 'GD 2026',
        vehicleDescription: 'Orange VW Bus',
        driverFirstName: 'Dana',
        checkedInAt: expect.any(String),
        // The code the driver shows, so the host's phone can match it with no signal.
        codeKey: code,
      }),
    ]);
    expect(JSON.stringify(arrivals)).not.toContain('Driver');
    const theirs = await listArrivals(handle.db, otherHost, key);
    expect(JSON.stringify(theirs)).not.toContain(today.booking.id);
  });
});

describe('saved on the phone for game day', () => {
  it('keeps the driver’s upcoming passes only, and the arrivals for a host with cars due', async () => {
    const upcoming = await booked(3);
    const later = await booked(48);
    const cancelled = await booked(5);
    await cancelBooking(handle.db, driver, { bookingId: cancelled.booking.id });
    const past = await booked(6);
    await handle.db.execute(
      sql`update listings set available_from = now() - interval '5 hours', available_to = now() - interval '1 hour' where id = ${past.listing.id}`,
    );
    const saved = await listSavedForOffline(handle.db, driver, key);
    expect(saved.owner).toBe(driver.id);
    const ids = saved.passes.map((pass) => pass.bookingId);
    expect(ids).toEqual(expect.arrayContaining([upcoming.booking.id, later.booking.id]));
    expect(ids).not.toContain(cancelled.booking.id);
    expect(ids).not.toContain(past.booking.id);
    // Soonest first, with the driveway's photo to keep beside it.
    expect(ids.indexOf(upcoming.booking.id)).toBeLessThan(ids.indexOf(later.booking.id));
    expect(saved.arrivals).toBe(false);

    expect(await listSavedForOffline(handle.db, host, key)).toMatchObject({
      owner: host.id,
      passes: [],
      arrivals: true,
    });
    expect(await listSavedForOffline(handle.db, stranger, key)).toEqual({
      owner: stranger.id,
      passes: [],
      arrivals: false,
    });
  });
});

describe('reviews', () => {
  it('open after the event, once per side, editable for 14 days, for the booking’s two people only', async () => {
    const { booking, event } = await booked(5);
    const input = { bookingId: booking.id, rating: 5, body: 'Easy in, easy out.' };
    await expect(saveReview(handle.db, driver, input)).rejects.toMatchObject({
      message: REVIEW_ERRORS.notYet,
    });
    await endEvent(event.id);
    await expect(saveReview(handle.db, stranger, input)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await saveReview(handle.db, driver, input);
    await saveReview(handle.db, driver, { ...input, rating: 4 });
    await saveReview(handle.db, host, { bookingId: booking.id, rating: 3, body: '<b>Late</b>' });
    const seen = await bookingReviews(handle.db, driver, booking.id);
    expect(seen).toMatchObject({
      role: 'driver',
      mine: { rating: 4, body: 'Easy in, easy out.' },
      theirs: { rating: 3, body: '<b>Late</b>' },
      canWrite: true,
    });
    const later = new Date(Date.now() + 15 * 86_400_000);
    await expect(
      saveReview(handle.db, driver, { ...input, rating: 1 }, later),
    ).rejects.toMatchObject({
      message: REVIEW_ERRORS.locked,
    });
    expect((await bookingReviews(handle.db, driver, booking.id, later)).canWrite).toBe(false);
  });

  it('refuse a cancelled booking', async () => {
    const { booking, event } = await booked(30);
    await cancelBooking(handle.db, driver, { bookingId: booking.id });
    await endEvent(event.id);
    await expect(
      saveReview(handle.db, driver, { bookingId: booking.id, rating: 5 }),
    ).rejects.toMatchObject({ message: REVIEW_ERRORS.cancelled });
  });

  it('average per driveway on the cards, and per driver for hosts', async () => {
    const first = await booked(6);
    const secondDriver = testUser('gd-driver-2', { name: 'Sam Second' });
    await insertUsers(handle.db, secondDriver);
    const second = await createBooking(handle.db, secondDriver, request(first.listing.id));
    await endEvent(first.event.id);
    await saveReview(handle.db, driver, { bookingId: first.booking.id, rating: 5 });
    await saveReview(handle.db, secondDriver, { bookingId: second.id, rating: 4 });
    await saveReview(handle.db, host, { bookingId: first.booking.id, rating: 2 });
    const [event] = await handle.db.select().from(events).where(eq(events.id, first.event.id));
    const { items } = await listingsOfEvent(
      handle.db,
      { ...event!, endsAt: new Date(Date.now() + 3_600_000) },
      { sort: 'price', amenities: [] } as never,
    );
    expect(items.find((i) => i.id === first.listing.id)).toMatchObject({
      ratingAverage: 4.5,
      ratingCount: 2,
    });
    const places = await listHostDriveways(handle.db, host);
    const rows = places.flatMap((p) => p.listings).flatMap((l) => l.bookings);
    // Dana's hosts gave 3 (the test above) and 2: what any host sees beside her bookings.
    expect(rows.find((b) => b.id === first.booking.id)).toMatchObject({
      driverRatingAverage: 2.5,
      driverRatingCount: 2,
    });
  });
});
