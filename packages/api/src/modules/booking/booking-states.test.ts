/**
 * What a booking may become (booking-states.ts, decision 052), on PostgreSQL with a pool of
 * connections, so the changes below really run at the same moment: of changes racing on one
 * booking exactly one wins, the others are told why, and the row always reads as one state.
 * Then the same rules one after another: a checked-in car's booking cannot be cancelled or
 * reported, and an admin can undo a check-in or restore a cancel, with an audit row.
 */
import { adminAudit, bookings, type Booking } from '@parkside/db';
import type { TestDatabase } from '@parkside/db/testing';
import type { RateLimits, SessionUser } from '@parkside/core';
import { noPaymentProvider } from '@parkside/payments';
import { bookingCreateInput, parkingReportCreateInput } from '@parkside/validators';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../settings';
import { gameDayDatabase } from '../../test-game-day';
import { makeListing } from '../../test-marketplace';
import { testUser, auditRows } from '../../test-users';
import {
  BOOKING_RESTORE_ERRORS,
  restoreBooking,
  undoCheckIn,
} from '../admin/admin-bookings.service';
import { cancelEvent } from '../event/event-status.service';
import { createReport } from '../parking-report/parking-report.service';
import { PARKING_REPORT_ERRORS } from '../parking-report/report-window';
import { checkInCodeFor } from '../pass/check-in-code';
import { checkIn } from '../pass/check-in.service';
import { PASS_ERRORS } from '../pass/pass.service';
import { BOOKING_STATE_ERRORS, bookingStateOf } from '../../shared/booking-states';
import { cancelBooking, createBooking, FILLED_UP_MESSAGE } from './booking.service';

let handle: TestDatabase;
let key: string;
let limits: RateLimits;
let counter = 0;
const host = testUser('bs-host', { isHost: true });
const driver = testUser('bs-driver', { name: 'Dana Driver' });
const secondDriver = testUser('bs-driver-2', { name: 'Sam Second' });
const admin = testUser('bs-admin', { isAdmin: true });
const actor = (user: SessionUser) => ({ user, token: null, clientIp: '203.0.113.7' });
const rules = { settings: DEFAULT_SETTINGS, payments: noPaymentProvider, storage: null };

const book = (listingId: string, who = driver) =>
  createBooking(
    handle.db,
    who,
    bookingCreateInput.parse({
      listingId,
      licensePlate: 'BS 2026',
      vehicleDescription: 'Red pickup',
      idempotencyKey: `booking-states-${(counter += 1)}`,
    }),
  );

/**
 * A listing of `spaces` whose parking window holds this moment (so a check-in and a report are
 * possible now) for an event two hours ahead (so the driver may still cancel).
 */
const listingForNow = (spaces = 1) =>
  makeListing(handle.db, host, { startsInHours: 2, spaces, openNow: true });

async function bookedForNow() {
  const { listing } = await listingForNow();
  return { listing, booking: await book(listing.id) };
}

const rowOf = async (id: string) =>
  (await handle.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

/** What a settled change said: its value, or the refusal's message. */
const said = <T>(result: PromiseSettledResult<T>) =>
  result.status === 'fulfilled' ? result.value : (result.reason as Error).message;

const driverCancel = (booking: Booking) =>
  cancelBooking(handle.db, driver, { bookingId: booking.id });
const hostCancel = (booking: Booking) =>
  cancelBooking(handle.db, host, { bookingId: booking.id, reason: 'My car is in the way.' });
const checkInByCode = (booking: Booking) =>
  checkIn(handle.db, host, { code: checkInCodeFor(booking.id, key) }, { key, limits });
const checkInByPlate = (booking: Booking) =>
  checkIn(handle.db, host, { bookingId: booking.id }, { key, limits });
const report = (booking: Booking) =>
  createReport(
    handle.db,
    actor(driver),
    parkingReportCreateInput.parse({ bookingId: booking.id, problem: 'blocked', choice: 'refund' }),
    rules,
  );

beforeAll(async () => {
  ({ handle, key, limits } = await gameDayDatabase(host, driver, secondDriver, admin));
});
afterAll(() => handle?.close());

describe('changes racing on one booking', () => {
  it('cancel ∥ check-in ∥ check-in: 50 rounds, one winner each, and a row that agrees', async () => {
    const winners = { cancel: 0, checkIn: 0 };
    for (let round = 0; round < 50; round += 1) {
      const { booking } = await bookedForNow();
      const [cancel, first, second] = await Promise.allSettled([
        driverCancel(booking),
        checkInByCode(booking),
        checkInByPlate(booking),
      ]);
      const row = await rowOf(booking.id);
      const freshCheckIns = [first, second].filter(
        (r) => r.status === 'fulfilled' && !r.value.alreadyCheckedIn,
      );
      if (cancel.status === 'fulfilled') {
        winners.cancel += 1;
        expect(freshCheckIns).toHaveLength(0);
        expect([said(first), said(second)]).toEqual([PASS_ERRORS.cancelled, PASS_ERRORS.cancelled]);
        expect(row).toMatchObject({
          status: 'cancelled',
          checkedInAt: null,
          cancelledBy: 'driver',
        });
      } else {
        winners.checkIn += 1;
        expect(said(cancel)).toBe(BOOKING_STATE_ERRORS.checkedInCannotCancel);
        // One check-in set the time; the other was told the car was already in, at that time.
        expect(freshCheckIns).toHaveLength(1);
        const times = [first, second].map((r) =>
          r.status === 'fulfilled' ? r.value.checkedInAt : null,
        );
        expect(times).toEqual([row.checkedInAt!.toISOString(), row.checkedInAt!.toISOString()]);
        expect(row).toMatchObject({ status: 'confirmed', cancelledAt: null, cancelledBy: null });
      }
    }
    expect(winners.cancel + winners.checkIn).toBe(50);
  }, 120_000);

  it('driver cancel ∥ host cancel: one cancel is recorded, and both answer the cancelled booking', async () => {
    for (let round = 0; round < 20; round += 1) {
      const { booking } = await bookedForNow();
      const [byDriver, byHost] = await Promise.all([driverCancel(booking), hostCancel(booking)]);
      const row = await rowOf(booking.id);
      expect(row.status).toBe('cancelled');
      // Whoever came second got the first one's cancel back, unchanged.
      expect(byDriver).toEqual(row);
      expect(byHost).toEqual(row);
    }
  }, 60_000);

  it('report ∥ check-in: either the driver is refunded or the car is in, never both', async () => {
    for (let round = 0; round < 20; round += 1) {
      const { booking } = await bookedForNow();
      const [reported, checkedIn] = await Promise.allSettled([
        report(booking),
        checkInByCode(booking),
      ]);
      const row = await rowOf(booking.id);
      if (reported.status === 'fulfilled') {
        expect(said(checkedIn)).toBe(PASS_ERRORS.cancelled);
        expect(row).toMatchObject({ status: 'cancelled', checkedInAt: null });
      } else {
        expect(said(reported)).toBe(BOOKING_STATE_ERRORS.checkedInCannotReport);
        expect(checkedIn.status).toBe('fulfilled');
        expect(row.status).toBe('confirmed');
        expect(row.checkedInAt).not.toBeNull();
      }
    }
  }, 60_000);

  it('report ∥ cancel: one of them ends the booking, the other finds it ended', async () => {
    for (let round = 0; round < 20; round += 1) {
      const { booking } = await bookedForNow();
      const [reported, cancelled] = await Promise.allSettled([
        report(booking),
        driverCancel(booking),
      ]);
      const row = await rowOf(booking.id);
      expect(row.status).toBe('cancelled');
      const reports = await handle.db.execute(
        sql`select id from parking_reports where booking_id = ${booking.id}`,
      );
      if (reported.status === 'fulfilled') {
        // The cancel came second and answered the booking as the report left it.
        expect(said(cancelled)).toMatchObject({ id: booking.id, status: 'cancelled' });
        expect(row.cancellationReason).toMatch(/^Could not park here/);
        expect(reports).toHaveLength(1);
      } else {
        expect(said(reported)).toBe(PARKING_REPORT_ERRORS.notConfirmed);
        expect(row.cancellationReason).toBeNull();
        expect(reports).toHaveLength(0);
      }
    }
  }, 60_000);

  it('restore ∥ a new booking of the last space: exactly one gets it', async () => {
    for (let round = 0; round < 10; round += 1) {
      const { listing } = await listingForNow(1);
      const first = await book(listing.id);
      await driverCancel(first);
      const [restored, booked] = await Promise.allSettled([
        restoreBooking(
          handle.db,
          actor(admin),
          { bookingId: first.id, reason: 'Cancelled by mistake.' },
          'http://parkside.test',
        ),
        book(listing.id, secondDriver),
      ]);
      const taken = await handle.db.execute(
        sql`select id from bookings where listing_id = ${listing.id} and status = 'confirmed'`,
      );
      expect(taken).toHaveLength(1);
      if (restored.status === 'fulfilled') {
        expect(said(booked)).toBe(FILLED_UP_MESSAGE);
      } else {
        expect(said(restored)).toBe(BOOKING_RESTORE_ERRORS.full);
        expect(booked.status).toBe('fulfilled');
      }
    }
  }, 60_000);

  it('event cancel ∥ driver cancel ∥ check-in: the booking ends cancelled once, by whoever came first', async () => {
    for (let round = 0; round < 10; round += 1) {
      const { booking } = await bookedForNow();
      const [byEvent, byDriver, checkedIn] = await Promise.allSettled([
        cancelEvent(
          handle.db,
          { id: booking.eventId, reason: 'Storm warning.' },
          { publicUrl: 'http://parkside.test' },
        ),
        driverCancel(booking),
        checkInByCode(booking),
      ]);
      // Cancelling the event always goes through; the others either came first or are told.
      expect(byEvent.status).toBe('fulfilled');
      const row = await rowOf(booking.id);
      expect(row.status).toBe('cancelled');
      if (row.cancelledBy === 'driver') {
        expect(said(byDriver)).toMatchObject({ id: booking.id, status: 'cancelled' });
        expect(said(checkedIn)).toBe(PASS_ERRORS.cancelled);
        expect(row.checkedInAt).toBeNull();
      } else {
        expect(row.cancelledBy).toBe('event');
        // The driver's cancel came after the event's (it answers the cancelled booking), or
        // before a check-in it lost to; a check-in either came first (kept on the record) or
        // found the booking cancelled.
        if (checkedIn.status === 'fulfilled') {
          expect(row.checkedInAt).not.toBeNull();
          expect([BOOKING_STATE_ERRORS.checkedInCannotCancel, 'cancelled']).toContain(
            byDriver.status === 'fulfilled' ? byDriver.value.status : said(byDriver),
          );
        } else {
          expect(said(checkedIn)).toBe(PASS_ERRORS.cancelled);
        }
      }
    }
  }, 60_000);

  it('undo check-in ∥ check-in: the row ends checked in or not, as the last one left it', async () => {
    for (let round = 0; round < 10; round += 1) {
      const { booking } = await bookedForNow();
      await checkInByCode(booking);
      const [undone, again] = await Promise.allSettled([
        undoCheckIn(handle.db, actor(admin), { bookingId: booking.id, reason: 'Wrong car.' }),
        checkInByPlate(booking),
      ]);
      expect(said(undone)).toMatchObject({ id: booking.id });
      expect(said(again)).toMatchObject({ bookingId: booking.id });
      const row = await rowOf(booking.id);
      expect(row.status).toBe('confirmed');
      // Check-in first (already in), then undone: not checked in. Undone first, then checked in
      // afresh: checked in, and the check-in said it was new.
      if (again.status === 'fulfilled' && !again.value.alreadyCheckedIn) {
        expect(bookingStateOf(row)).toBe('checked_in');
      } else {
        expect(bookingStateOf(row)).toBe('confirmed');
      }
    }
  }, 60_000);
});

describe('one change after another', () => {
  it('a checked-in car’s booking cannot be cancelled by its driver or host, nor reported', async () => {
    const { booking } = await bookedForNow();
    await checkInByCode(booking);
    await expect(driverCancel(booking)).rejects.toThrow(BOOKING_STATE_ERRORS.checkedInCannotCancel);
    await expect(hostCancel(booking)).rejects.toThrow(BOOKING_STATE_ERRORS.checkedInCannotCancel);
    await expect(report(booking)).rejects.toThrow(BOOKING_STATE_ERRORS.checkedInCannotReport);
    expect(bookingStateOf(await rowOf(booking.id))).toBe('checked_in');
  });

  it('an admin undoes a check-in, with an audit row; then the driver may cancel', async () => {
    const { booking } = await bookedForNow();
    await checkInByCode(booking);
    const undone = await undoCheckIn(handle.db, actor(admin), {
      bookingId: booking.id,
      reason: 'The host scanned the wrong pass.',
    });
    expect(bookingStateOf(undone)).toBe('confirmed');
    await expect(
      undoCheckIn(handle.db, actor(admin), { bookingId: booking.id, reason: 'Again.' }),
    ).rejects.toThrow(BOOKING_STATE_ERRORS.notCheckedIn);
    const [audit] = await auditRows(
      handle.db,
      sql`${adminAudit.details}->>'booking' = ${booking.id}`,
    );
    expect(audit).toMatchObject({
      action: 'booking.undo_check_in',
      actorEmail: admin.email,
      targetId: booking.eventId,
      details: { booking: booking.id, reason: 'The host scanned the wrong pass.' },
    });
    expect((await driverCancel(booking)).status).toBe('cancelled');
  });

  it('an admin restores a cancelled booking, due on arrival again; not one cancelled with its event', async () => {
    const { booking } = await bookedForNow();
    await driverCancel(booking);
    await expect(
      undoCheckIn(handle.db, actor(admin), { bookingId: booking.id, reason: 'No.' }),
    ).rejects.toThrow(BOOKING_STATE_ERRORS.notCheckedIn);
    const restored = await restoreBooking(
      handle.db,
      actor(admin),
      { bookingId: booking.id, reason: 'The driver cancelled by mistake.' },
      'http://parkside.test',
    );
    expect(restored).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'due_on_arrival',
      cancelledAt: null,
      cancelledBy: null,
    });
    await expect(
      restoreBooking(handle.db, actor(admin), { bookingId: booking.id, reason: 'Again.' }, ''),
    ).rejects.toThrow(BOOKING_STATE_ERRORS.notCancelled);

    await handle.db
      .update(bookings)
      .set({ status: 'cancelled', cancelledBy: 'event', paymentStatus: 'void' })
      .where(eq(bookings.id, booking.id));
    await expect(
      restoreBooking(handle.db, actor(admin), { bookingId: booking.id, reason: 'No.' }, ''),
    ).rejects.toThrow(BOOKING_RESTORE_ERRORS.withEvent);
  });
});
