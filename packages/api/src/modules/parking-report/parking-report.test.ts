/**
 * "I can't park here" on PostgreSQL: in the parking window the driver is moved to the nearest
 * open driveway at no extra cost or refunded in full (even inside the 24-hour rule); each
 * outcome happens once, however many taps and servers; the host is told and answers once; two
 * standing reports in 90 days send the host's new listings to review, and an admin's reversal
 * takes a report off the host's record. Every step is in the audit log.
 */
import { adminAudit, bookings, driveways, emailJobs, listings, parkingReports } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { bookingCreateInput, hostPayoutCents } from '@parkside/validators';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../settings';
import { makeListing, paidByCard } from '../../test-marketplace';
import { createTestStorage, type TestStorage } from '../../test-storage';
import { insertUsers, testUser, auditRows } from '../../test-users';
import type { SessionUser } from '@parkside/core';
import { noPaymentProvider } from '@parkside/payments';
import { reverseParkingReport } from '../admin/admin-parking-reports.service';
import { createBooking } from '../booking/booking.service';
import { reviewOfDriveway } from '../../shared/listing-review';
import { standingReports } from '../../shared/parking-reports';
import { createReport, reportOptions, type ReportRules } from './parking-report.service';
import { PARKING_REPORT_ERRORS } from './report-window';
import { replyToReport } from './parking-report-host.service';

let handle: TestDatabase;
let files: TestStorage;
let counter = 0;
const host = testUser('pr-host', { isHost: true, name: 'Hana Host' });
const nearHost = testUser('pr-near-host', { isHost: true });
const farHost = testUser('pr-far-host', { isHost: true });
const driver = testUser('pr-driver', { name: 'Dana Driver' });
const stranger = testUser('pr-stranger');

const actor = (user: SessionUser) => ({ user, token: null, clientIp: '203.0.113.9' });
let rules: ReportRules;

/**
 * A booking on `host`'s driveway for a game that started half an hour ago (window open), and two
 * other driveways listed for it: one 0.2 miles away at `nearPrice`, one about a mile away.
 */
async function gameInProgress({ nearPrice = 2600, nearSpaces = 1, startsInHours = -0.5 } = {}) {
  const { listing, event, driveway } = await makeListing(handle.db, host, { startsInHours });
  const other = async (who: SessionUser, latitude: number, priceCents: number, spaces: number) => {
    const [place] = await handle.db
      .insert(driveways)
      .values({
        hostId: who.id,
        title: `Driveway of ${who.id} ${(counter += 1)}`,
        street: '1 Test St',
        city: 'Provo',
        region: 'UT',
        postalCode: '84604',
        latitude,
        longitude: driveway.longitude,
        capacity: 4,
      })
      .returning();
    const [row] = await handle.db
      .insert(listings)
      .values({
        drivewayId: place!.id,
        location: { x: place!.longitude, y: place!.latitude },
        eventId: event.id,
        priceCents,
        spacesOffered: spaces,
        availableFrom: listing.availableFrom,
        availableTo: listing.availableTo,
      })
      .returning();
    return { listing: row!, driveway: place! };
  };
  const far = await other(farHost, driveway.latitude + 0.015, 1500, 3);
  const near = await other(nearHost, driveway.latitude + 0.003, nearPrice, nearSpaces);
  const booking = await createBooking(
    handle.db,
    driver,
    bookingCreateInput.parse({
      listingId: listing.id,
      licensePlate: 'PR 2026',
      vehicleDescription: 'Green Subaru',
      idempotencyKey: `parking-report-${(counter += 1)}`,
    }),
  );
  return { booking, event, listing, driveway, near, far };
}

const bookingRow = async (id: string) =>
  (await handle.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

beforeAll(async () => {
  handle = await createTestDatabase();
  files = createTestStorage(handle.db);
  rules = {
    settings: DEFAULT_SETTINGS,
    payments: noPaymentProvider,
    storage: files.storage,
  };
  await insertUsers(handle.db, host, nearHost, farHost, driver, stranger);
});
afterAll(async () => {
  files?.remove();
  await handle?.close();
});

/** The driver's own report, as the site sends it. */
function reportAsDriver(input: Parameters<typeof createReport>[2]) {
  return createReport(handle.db, actor(driver), input, rules);
}

describe('a driver who cannot park', () => {
  it('is offered the nearest open driveway and moved there at no extra cost, once', async () => {
    const game = await gameInProgress({ nearPrice: 2600 });
    const options = await reportOptions(handle.db, driver, game.booking.id);
    expect(options.closedReason).toBeNull();
    expect(options.alternative).toMatchObject({ title: game.near.driveway.title });
    expect(options.alternative!.miles).toBeCloseTo(0.2, 1);

    const input = { bookingId: game.booking.id, problem: 'blocked', choice: 'rebook' } as const;
    // Two taps at once, as from two servers: one report, one new booking.
    const [first, second] = await Promise.all([
      reportAsDriver({ ...input, note: 'A truck is parked across it.' }),
      reportAsDriver(input),
    ]);
    expect(first.id).toBe(second.id);
    expect([first.repeated, second.repeated].sort()).toEqual([false, true]);
    expect(first.outcome).toBe('rebooked');
    // The driver paid $20; the new driveway asks $26: Parkside bears the $6.
    expect(first.waivedCents).toBe(600);

    const moved = await bookingRow(first.newBookingId!);
    expect(moved).toMatchObject({
      listingId: game.near.listing.id,
      driverId: driver.id,
      status: 'confirmed',
      priceCents: 2000,
      paymentStatus: 'due_on_arrival',
      licensePlate: 'PR 2026',
    });
    const old = await bookingRow(game.booking.id);
    expect(old).toMatchObject({ status: 'cancelled', cancelledBy: 'driver', refundCents: 0 });
    const made = await handle.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.driverId, driver.id), eq(bookings.eventId, game.event.id)));
    expect(made).toHaveLength(2);

    // The reported host is told; the new host hears of the booking as of any other.
    const mail = await handle.db
      .select({ kind: emailJobs.kind, subject: emailJobs.subject, text: emailJobs.textBody })
      .from(emailJobs)
      .where(like(emailJobs.subject, `%${game.driveway.title}%`));
    const told = mail.find((m) => m.kind === 'parking-report-host');
    expect(told?.text).toContain('Dana reported a problem');
    expect(told?.text).toContain('the space was blocked');
    expect(told?.text).toContain('A truck is parked across it.');

    const [audit] = await auditRows(handle.db, eq(adminAudit.targetId, first.id));
    expect(audit).toMatchObject({ action: 'parking_report.rebook', actorId: driver.id });

    // Asked again, the page shows what was done, not a second chance.
    expect((await reportOptions(handle.db, driver, game.booking.id)).report?.id).toBe(first.id);
  });

  it('keeps the card payment on the new booking and pays the new host their own price', async () => {
    const game = await gameInProgress({ nearPrice: 2600 });
    await paidByCard(handle.db, game.booking);
    const report = await reportAsDriver({
      bookingId: game.booking.id,
      problem: 'no_space',
      choice: 'rebook',
    });
    const moved = await bookingRow(report.newBookingId!);
    expect(moved.paymentStatus).toBe('paid');
    expect(moved.paymentIntentId).toBe(`pi_${game.booking.id.slice(0, 8)}`);
    expect(moved.priceCents).toBe(2000);
    // The new host's payout is what their $26 listing pays out; the fee line absorbs the rest.
    expect(moved.hostPayoutCents).toBe(hostPayoutCents(2600, DEFAULT_SETTINGS.platformFeeBps));
    expect(moved.platformFeeCents).toBe(2000 - moved.hostPayoutCents);
    const old = await bookingRow(game.booking.id);
    expect(old).toMatchObject({ paymentStatus: 'void', paymentIntentId: null, refundCents: 0 });
  });

  it('gets a full card refund inside the 24-hour rule when choosing the refund', async () => {
    const game = await gameInProgress();
    await paidByCard(handle.db, game.booking);
    const report = await reportAsDriver({
      bookingId: game.booking.id,
      problem: 'unsafe',
      choice: 'refund',
    });
    expect(report).toMatchObject({ outcome: 'refunded', refundCents: 2000, newBookingId: null });
    expect(await bookingRow(game.booking.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refund_pending',
      refundCents: 2000,
    });
  });

  it('is told when no other driveway has a space, and nothing changes', async () => {
    const game = await gameInProgress({ nearSpaces: 1 });
    // Both other driveways fill up.
    for (const { listing } of [game.near, game.far]) {
      await handle.db.update(listings).set({ status: 'closed' }).where(eq(listings.id, listing.id));
    }
    expect((await reportOptions(handle.db, driver, game.booking.id)).alternative).toBeNull();
    await expect(
      reportAsDriver({ bookingId: game.booking.id, problem: 'blocked', choice: 'rebook' }),
    ).rejects.toThrow(PARKING_REPORT_ERRORS.noAlternative);
    expect((await bookingRow(game.booking.id)).status).toBe('confirmed');
    const reports = await handle.db
      .select()
      .from(parkingReports)
      .where(eq(parkingReports.bookingId, game.booking.id));
    expect(reports).toHaveLength(0);
  });

  it('can report only in the window, only their own booking, and only their own photo', async () => {
    const later = await gameInProgress({ startsInHours: 30 });
    const options = await reportOptions(handle.db, driver, later.booking.id);
    // Before the window: when it opens and what it offers then, not only "not now".
    expect(options.closedReason).toMatch(
      /^This opens with your parking window, \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M \w+\. From then, if you cannot park at the driveway, this pass offers the nearest driveway with a space at no extra cost, or your money back\.$/,
    );
    expect(options.opensAt).toBe(later.listing.availableFrom.toISOString());
    await expect(
      reportAsDriver({ bookingId: later.booking.id, problem: 'blocked', choice: 'refund' }),
    ).rejects.toThrow('This opens with your parking window');

    const now = await gameInProgress();
    await expect(reportOptions(handle.db, stranger, now.booking.id)).rejects.toThrow(
      'Booking not found.',
    );
    const theirs = await files.uploadAs(stranger, `users/${stranger.id}/spot.png`);
    await expect(
      reportAsDriver({
        bookingId: now.booking.id,
        problem: 'blocked',
        choice: 'refund',
        photoUrl: theirs,
      }),
    ).rejects.toThrow('That photo was not found.');
    const mine = await files.uploadAs(driver, `users/${driver.id}/spot.png`);
    const report = await reportAsDriver({
      bookingId: now.booking.id,
      problem: 'blocked',
      choice: 'refund',
      photoUrl: mine,
    });
    const [stored] = await handle.db
      .select({ photoUrl: parkingReports.photoUrl })
      .from(parkingReports)
      .where(eq(parkingReports.id, report.id));
    expect(stored!.photoUrl).toBe(mine);
  });
});

describe('the host and the admins', () => {
  it('the host answers once; two reports flag the host until an admin reverses one', async () => {
    const admin = testUser('pr-admin', { isAdmin: true });
    await insertUsers(handle.db, admin);
    const before = await standingReports(handle.db, host.id);
    const reports = [];
    for (const problem of ['blocked', 'cant_find'] as const) {
      const game = await gameInProgress();
      reports.push(await reportAsDriver({ bookingId: game.booking.id, problem, choice: 'refund' }));
    }
    expect(await standingReports(handle.db, host.id)).toBe(before + 2);
    const [place] = await handle.db.select().from(driveways).where(eq(driveways.hostId, host.id));
    expect((await reviewOfDriveway(handle.db, { ...place!, hostId: host.id })).hostReported).toBe(
      true,
    );

    const answer = 'The cones were moved at 6 pm; the space was free.';
    await expect(
      replyToReport(handle.db, actor(stranger), { reportId: reports[0]!.id, reply: answer }),
    ).rejects.toThrow('Report not found.');
    await replyToReport(handle.db, actor(host), { reportId: reports[0]!.id, reply: answer });
    await expect(
      replyToReport(handle.db, actor(host), { reportId: reports[0]!.id, reply: 'Again' }),
    ).rejects.toThrow('You have already answered this report.');

    const reason = 'The host showed a photo of the free space at 6 pm.';
    const reversed = await reverseParkingReport(handle.db, admin.id, {
      reportId: reports[0]!.id,
      reason,
    });
    expect(reversed.label).toContain('Two blocks from the stadium');
    await expect(
      reverseParkingReport(handle.db, admin.id, { reportId: reports[0]!.id, reason }),
    ).rejects.toThrow('This report was already reversed.');
    expect(await standingReports(handle.db, host.id)).toBe(before + 1);
    const [row] = await handle.db
      .select()
      .from(parkingReports)
      .where(eq(parkingReports.id, reports[0]!.id));
    expect(row).toMatchObject({ hostReply: answer, reversalReason: reason, reversedBy: admin.id });
  });
});
