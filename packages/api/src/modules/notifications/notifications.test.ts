import { parseSettings } from '../../settings';
import { bookings, emailJobs, events, eventWaitlist } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { bookingCreateInput } from '@parkside/validators';
import { desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../context';
import type { SessionUser } from '@parkside/core';
import { createCaller } from '../../root';
import { makeListing, paidByCard } from '../../test-marketplace';
import { insertUsers, testUser } from '../../test-users';
import { cancelBooking, createBooking, defaultBookingRules } from '../booking/booking.service';
import { cancelEventBookings } from '../payment/event-cancellation';
import { setSpacesOffered } from '../listing/listing-changes.service';

let handle: TestDatabase;
const SITE = 'https://parkside.test';
const settings = parseSettings({ publicUrl: SITE });
const rules = { ...defaultBookingRules, settings };
const host = testUser('mail-host', { isHost: true, name: 'Hana Host' });
const driver = testUser('mail-driver', { name: 'Dana Driver' });
const other = testUser('mail-other', { name: 'Olli Other' });
let lastJobId = 0;

/** The mail queued since the previous call. */
async function newMail() {
  const rows = await handle.db
    .select()
    .from(emailJobs)
    .where(gt(emailJobs.id, lastJobId))
    .orderBy(emailJobs.id);
  const [latest] = await handle.db
    .select({ id: emailJobs.id })
    .from(emailJobs)
    .orderBy(desc(emailJobs.id))
    .limit(1);
  lastJobId = latest?.id ?? lastJobId;
  return rows;
}

const request = (listingId: string) =>
  bookingCreateInput.parse({
    listingId,
    licensePlate: '7ab-c12',
    vehicleDescription: 'Red Honda Fit',
    idempotencyKey: crypto.randomUUID(),
  });

const caller = (user: SessionUser | null) =>
  createCaller(createContext({ db: handle.db, user, settings }));

beforeAll(async () => {
  handle = await createTestDatabase();
  await insertUsers(handle.db, host, driver, other);
});
afterAll(() => handle?.close());

describe('booking e-mails', () => {
  it('a booking queues a confirmation to the driver and a notice to the host', async () => {
    const { listing } = await makeListing(handle.db, host, { spaces: 2 });
    await newMail();
    const booking = await createBooking(handle.db, driver, request(listing.id), rules);
    const mail = await newMail();
    expect(mail.map((m) => [m.kind, m.toAddress])).toEqual([
      ['booking-confirmed-driver', driver.email],
      ['booking-confirmed-host', host.email],
    ]);
    const [toDriver, toHost] = mail;
    expect(toDriver!.textBody).toContain('1550 N 1000 E, Provo, UT 84604');
    expect(toDriver!.textBody).toContain('Park on the left side of the driveway.');
    expect(toDriver!.textBody).toContain('Payment: Pay $20.00 to the host when you arrive');
    expect(toDriver!.textBody).toContain('Nothing was charged, so you owe nothing.');
    expect(toDriver!.textBody).not.toMatch(/refund/i);
    expect(toDriver!.textBody).toContain(`${SITE}/booking-success?booking=${booking.id}`);
    expect(toHost!.textBody).toContain('Dana Driver booked a space');
    expect(toHost!.textBody).toContain('License plate: 7AB-C12');
    // Paid on arrival: no Parkside fee, the host receives the whole price.
    expect(toHost!.textBody).toContain(
      'Payment: The driver pays you $20.00 on arrival; you keep all of it',
    );
    expect(toHost!.textBody).toContain('You receive: $20.00');
    expect(toHost!.textBody).not.toContain('Parkside fee');
    expect(toHost!.textBody).toContain('Spaces left: 1');

    // The same request again returns the first booking and sends nothing more.
    await createBooking(
      handle.db,
      driver,
      { ...request(listing.id), idempotencyKey: booking.idempotencyKey },
      rules,
    );
    expect(await newMail()).toHaveLength(0);
  });

  it('a refused booking queues nothing', async () => {
    const { listing } = await makeListing(handle.db, host, { spaces: 1 });
    await createBooking(handle.db, driver, request(listing.id), rules);
    await newMail();
    await expect(createBooking(handle.db, other, request(listing.id), rules)).rejects.toThrow();
    expect(await newMail()).toHaveLength(0);
  });

  it('a host cancelling tells the driver why, with the full refund', async () => {
    const { listing } = await makeListing(handle.db, host);
    const booking = await paidByCard(
      handle.db,
      await createBooking(handle.db, driver, request(listing.id), rules),
    );
    await newMail();
    await cancelBooking(
      handle.db,
      host,
      { bookingId: booking.id, reason: 'A water main burst in the driveway.' },
      rules,
    );
    const mail = await newMail();
    expect(mail.map((m) => [m.kind, m.toAddress])).toEqual([
      ['booking-cancelled-driver', driver.email],
      ['booking-cancelled-host', host.email],
    ]);
    expect(mail[0]!.textBody).toContain('The host of Two blocks from the stadium had to cancel');
    expect(mail[0]!.textBody).toContain('Reason: A water main burst in the driveway.');
    expect(mail[0]!.textBody).toContain('Payment: Paid $20.00 by card · $20.00 back to your card');
    expect(mail[1]!.textBody).toContain('Their card payment goes back to them in full.');
  });

  it('a booking paid on arrival and cancelled says nothing was charged, never "refund"', async () => {
    const { listing } = await makeListing(handle.db, host, { startsInHours: 48 });
    const booking = await createBooking(handle.db, driver, request(listing.id), rules);
    await newMail();
    await cancelBooking(handle.db, host, { bookingId: booking.id, reason: 'Tree fell.' }, rules);
    const [toDriver, toHost] = await newMail();
    expect(toDriver!.textBody).toContain('Payment: Nothing was charged');
    expect(toHost!.textBody).toContain('Nothing was charged, so nobody owes anything.');
    for (const mail of [toDriver!, toHost!]) expect(mail.textBody).not.toMatch(/refund/i);
  });

  it('a driver cancelling late is told there is no refund; the host that the space is free', async () => {
    const { listing } = await makeListing(handle.db, host, { startsInHours: 5 });
    const booking = await paidByCard(
      handle.db,
      await createBooking(handle.db, driver, request(listing.id), rules),
    );
    await newMail();
    await cancelBooking(handle.db, driver, { bookingId: booking.id }, rules);
    const [toDriver, toHost] = await newMail();
    expect(toDriver!.textBody).toContain('You cancelled your parking');
    expect(toDriver!.textBody).toContain(
      'Paid $20.00 by card · No refund: cancelled less than 24 hours before the start',
    );
    expect(toHost!.textBody).toContain('Dana Driver cancelled their booking');
    expect(toHost!.textBody).toContain('The space is free again');
  });

  it('cancelling an event cancels every booking with a full refund and tells each driver', async () => {
    const { event, listing } = await makeListing(handle.db, host, { startsInHours: 2 });
    const first = await paidByCard(
      handle.db,
      await createBooking(handle.db, driver, request(listing.id), rules),
    );
    const second = await paidByCard(
      handle.db,
      await createBooking(handle.db, other, request(listing.id), rules),
    );
    await newMail();
    const result = await handle.db.transaction(async (tx) => {
      await tx.update(events).set({ status: 'cancelled' }).where(eq(events.id, event.id));
      return cancelEventBookings(tx as never, event.id, {
        reason: 'Severe weather warning.',
        publicUrl: SITE,
      });
    });
    expect(result).toEqual({ cancelled: 2 });
    for (const id of [first.id, second.id]) {
      const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, id));
      expect(row).toMatchObject({
        status: 'cancelled',
        cancelledBy: 'event',
        refundCents: 2000,
        cancellationReason: 'Severe weather warning.',
      });
    }
    const mail = await newMail();
    const toDrivers = mail.filter((m) => m.kind === 'booking-cancelled-driver');
    expect(toDrivers.map((m) => m.toAddress).sort()).toEqual([driver.email, other.email].sort());
    expect(toDrivers[0]!.textBody).toContain('has been cancelled, so your parking');
    expect(toDrivers[0]!.textBody).toContain('Reason: Severe weather warning.');
  });
});

describe('the wait-list', () => {
  it('only a sold-out event takes names, and only from verified users, with their own address', async () => {
    const { event, listing } = await makeListing(handle.db, host, { spaces: 1 });
    await expect(caller(other).waitlist.join({ eventId: event.id })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await createBooking(handle.db, driver, request(listing.id), rules);
    await expect(caller(null).waitlist.join({ eventId: event.id })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(
      caller({ ...other, emailVerified: false }).waitlist.join({ eventId: event.id }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      caller(other).waitlist.join({ eventId: event.id, email: 'victim@example.com' } as never),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller(other).waitlist.join({ eventId: event.id })).resolves.toEqual({
      joined: true,
      email: other.email,
    });
    // Joining twice keeps one entry.
    await caller(other).waitlist.join({ eventId: event.id });
    const entries = await handle.db
      .select()
      .from(eventWaitlist)
      .where(eq(eventWaitlist.eventId, event.id));
    expect(entries).toHaveLength(1);
    await expect(caller(other).waitlist.status({ eventId: event.id })).resolves.toEqual({
      spacesLeft: 0,
      waiting: true,
    });
    await expect(caller(null).waitlist.status({ eventId: event.id })).resolves.toEqual({
      spacesLeft: 0,
      waiting: false,
    });
    // What /rent asks for the signed-in driver: only their own place on the list.
    await expect(caller(other).waitlist.waiting({ eventId: event.id })).resolves.toBe(true);
    await expect(caller(host).waitlist.waiting({ eventId: event.id })).resolves.toBe(false);
  });

  it('a cancellation on a sold-out event e-mails the wait-list once', async () => {
    const { event, listing } = await makeListing(handle.db, host, { spaces: 1 });
    const booking = await createBooking(handle.db, driver, request(listing.id), rules);
    await caller(other).waitlist.join({ eventId: event.id });
    await newMail();
    await cancelBooking(handle.db, driver, { bookingId: booking.id }, rules);
    const spaces = (await newMail()).filter((m) => m.kind === 'waitlist-spaces');
    expect(spaces.map((m) => m.toAddress)).toEqual([other.email]);
    expect(spaces[0]!.subject).toBe(`Parking just opened up for ${event.title}`);
    expect(spaces[0]!.textBody).toContain('1 space is available again');
    expect(spaces[0]!.textBody).toContain(`${SITE}/rent?event=${event.id}`);
    await expect(caller(other).waitlist.status({ eventId: event.id })).resolves.toEqual({
      spacesLeft: 1,
      waiting: false,
    });

    // Selling out and freeing up again does not mail the same list twice.
    const again = await createBooking(handle.db, driver, request(listing.id), rules);
    await cancelBooking(handle.db, driver, { bookingId: again.id }, rules);
    expect((await newMail()).filter((m) => m.kind === 'waitlist-spaces')).toHaveLength(0);
  });

  it('a host offering more spaces on a sold-out event e-mails the wait-list', async () => {
    const { event, listing } = await makeListing(handle.db, host, { spaces: 1 });
    await createBooking(handle.db, driver, request(listing.id), rules);
    await caller(other).waitlist.join({ eventId: event.id });
    await newMail();
    await setSpacesOffered(handle.db, host, listing.id, 3, SITE);
    const spaces = (await newMail()).filter((m) => m.kind === 'waitlist-spaces');
    expect(spaces.map((m) => m.toAddress)).toEqual([other.email]);
    expect(spaces[0]!.textBody).toContain('2 spaces are available again');
  });
});
