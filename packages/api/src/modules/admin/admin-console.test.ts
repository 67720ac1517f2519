/**
 * The admin console's procedures: the figures on a known set of bookings (cancelled and refunded
 * among them), admins by e-mail, every event, and the audit row each admin action writes.
 */
import { loadUser } from '@parkside/auth';
import {
  adminAudit,
  admins,
  apiTokens,
  bookings,
  emailJobs,
  feedback,
  jobs,
  listings,
  users,
  type Listing,
} from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { eventEditFields } from '@parkside/validators';
import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../context';
import { createCaller } from '../../root';
import { makeListing } from '../../test-marketplace';
import { insertUsers, testUser } from '../../test-users';
import { ADMIN_MESSAGES } from './admins.service';

let handle: TestDatabase;
const admin = testUser('console-admin', { isAdmin: true });
const host = testUser('console-host', { isHost: true, name: 'Hana Host' });
const driver = testUser('console-driver', { name: 'Dev Driver' });
const DAY = 24 * 60 * 60 * 1000;
const ADMIN_IP = '203.0.113.7';
const api = (user = admin, token: { id: string; scopes: ['admin'] } | null = null) =>
  createCaller(createContext({ db: handle.db, user, clientIp: ADMIN_IP, token }));

beforeAll(async () => {
  handle = await createTestDatabase();
  await insertUsers(handle.db, admin, host, driver);
  await handle.db.insert(admins).values({ email: admin.email });
}, 60_000);
afterAll(() => handle?.close());

/**
 * A $20 booking of `listing` by the driver, made `madeDaysAgo` and perhaps cancelled later:
 * paid by card ($3 fee), or on arrival (no fee; a cancel leaves nothing charged, nothing back).
 */
async function book(
  listing: Listing,
  madeDaysAgo: number,
  cancelled?: { daysAgo: number; refundCents: number },
  mode: 'card' | 'arrival' = 'card',
) {
  const now = Date.now();
  const card = mode === 'card';
  await handle.db.insert(bookings).values({
    listingId: listing.id,
    eventId: listing.eventId,
    driverId: driver.id,
    priceCents: 2000,
    platformFeeCents: card ? 300 : 0,
    hostPayoutCents: card ? 1700 : 2000,
    licensePlate: 'ABC 123',
    vehicleDescription: 'Blue Subaru Outback',
    paymentStatus: !card
      ? cancelled
        ? 'void'
        : 'due_on_arrival'
      : cancelled && cancelled.refundCents > 0
        ? 'refunded'
        : 'paid',
    idempotencyKey: randomUUID(),
    createdAt: new Date(now - madeDaysAgo * DAY),
    ...(cancelled
      ? {
          status: 'cancelled' as const,
          cancelledBy: 'admin' as const,
          cancelledAt: new Date(now - cancelled.daysAgo * DAY),
          refundCents: cancelled.refundCents,
        }
      : {}),
  });
}

describe('the overview', () => {
  it('counts people, events, spaces and the money of the last 7 and 30 days', async () => {
    const before = await api().admin.overview();
    // An event in 3 days (the next 7) with 4 spaces, and one in 10 days with 2.
    const soon = await makeListing(handle.db, host, { spaces: 4, startsInHours: 72 });
    await makeListing(handle.db, host, { spaces: 2, startsInHours: 240 });
    await book(soon.listing, 1); // made 1 day ago
    await book(soon.listing, 2, { daysAgo: 1, refundCents: 2000 }); // refunded in full
    await book(soon.listing, 10); // made 10 days ago
    await book(soon.listing, 20, { daysAgo: 20, refundCents: 0 }); // late cancel: no refund
    await book(soon.listing, 40, { daysAgo: 5, refundCents: 2000 }); // old booking, refunded now
    await book(soon.listing, 60); // outside both windows
    // Paid on arrival: apart from the money that moved through the site.
    await book(soon.listing, 3, undefined, 'arrival');
    await book(soon.listing, 4, { daysAgo: 2, refundCents: 0 }, 'arrival');
    await handle.db.insert(feedback).values([
      { userName: 'Anonymous', feedbackText: 'Great app' },
      { userName: 'Anonymous', feedbackText: 'More events please' },
      { userName: 'Anonymous', feedbackText: 'Fixed', status: 'resolved', resolvedAt: new Date() },
    ]);

    const figures = await api().admin.overview();
    expect(figures.users).toBe(3);
    expect(figures.hosts).toBe(1);
    expect(figures.upcomingEvents - before.upcomingEvents).toBe(2);
    expect(figures.openListings - before.openListings).toBe(2);
    // Confirmed bookings of the event in 3 days: made 1, 10 and 60 days ago.
    expect(figures.next7Days).toEqual({ spacesOffered: 4, spacesBooked: 4 });
    expect(figures.last7Days).toEqual({
      confirmed: 4,
      cancelled: 3,
      grossCents: 4000,
      // The refunded booking's fee went back with it.
      feesCents: 300,
      onArrivalCents: 2000,
      refundsCents: 4000,
    });
    expect(figures.last30Days).toEqual({
      confirmed: 6,
      cancelled: 4,
      grossCents: 8000,
      // The late cancellation kept its fee: nothing was refunded.
      feesCents: 900,
      onArrivalCents: 2000,
      refundsCents: 4000,
    });
    expect(figures.newFeedback).toBe(2);
    expect(figures.perDay).toHaveLength(30);
    expect(figures.perDay.reduce((sum, d) => sum + d.bookings, 0)).toBe(6);
    expect(figures.perDay.reduce((sum, d) => sum + d.valueCents, 0)).toBe(12000);
    const today = new Date().toISOString().slice(0, 10);
    expect(figures.perDay.at(-1)!.day).toBe(today);
    const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);
    expect(figures.perDay.find((d) => d.day === yesterday)).toEqual({
      day: yesterday,
      bookings: 1,
      valueCents: 2000,
    });
  });
});

describe('pending work', () => {
  it("counts listings to review, this week's reports, failed jobs and unsent mail", async () => {
    const before = await api().admin.pendingWork();
    const waiting = await makeListing(handle.db, host, { spaces: 1, startsInHours: 100 });
    await handle.db
      .update(listings)
      .set({ status: 'in_review' })
      .where(eq(listings.id, waiting.listing.id));
    await handle.db.insert(jobs).values({ task: 'email.send', status: 'failed', attempts: 8 });
    await handle.db.insert(emailJobs).values({
      toAddress: 'someone@example.com',
      subject: 'Waiting',
      textBody: 'x',
      htmlBody: 'x',
      kind: 'test',
    });
    const after = await api().admin.pendingWork();
    expect(after.listingsInReview - before.listingsInReview).toBe(1);
    expect(after.failedJobs - before.failedJobs).toBe(1);
    expect(after.mailWaiting - before.mailWaiting).toBe(1);
    expect(after.parkingReportsThisWeek).toBe(before.parkingReportsThisWeek);
    await expect(api(driver).admin.pendingWork()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('people', () => {
  it('finds users by e-mail or name, a page at a time, and shows one in full', async () => {
    const found = await api().admin.users({ q: 'DEV DRIVER' });
    expect(found.items.map((u) => u.email)).toEqual([driver.email]);
    expect((await api().admin.users({ q: 'console-host@' })).items[0]).toMatchObject({
      name: 'Hana Host',
      isHost: true,
      isAdmin: false,
    });
    // Pattern characters are taken literally.
    expect((await api().admin.users({ q: '%' })).items).toEqual([]);
    const all = await api().admin.users({});
    expect(all.total).toBe(3);
    expect(all.pageCount).toBe(1);
    expect((await api().admin.users({ page: 2 })).items).toEqual([]);

    const page = await api().admin.user({ id: driver.id });
    expect(page.user).toMatchObject({ email: driver.email, emailVerified: true, isAdmin: false });
    expect(page.signIn).toEqual({ hasPassword: false, logins: [] });
    expect(page.bookings.length).toBeGreaterThan(0);
    expect((await api().admin.user({ id: host.id })).driveways.length).toBeGreaterThan(0);
    await expect(api().admin.user({ id: 'nobody' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('grants an e-mail before sign-up; revoking shows on the next request; never the last', async () => {
    await api().admin.grantAdmin({ email: 'Ops.Lead@Example.com' });
    expect(await api().admin.admins()).toEqual([
      { email: admin.email, userId: admin.id, name: admin.name },
      { email: 'ops.lead@example.com', userId: null, name: null },
    ]);
    // Signing up with the e-mail makes an admin.
    const lead = testUser('ops-lead', { email: 'ops.lead@example.com' });
    await insertUsers(handle.db, lead);
    const signedIn = (await loadUser(handle.db, lead.id))!;
    expect(signedIn.isAdmin).toBe(true);
    await expect(api(signedIn).admin.overview()).resolves.toBeTruthy();

    await api().admin.revokeAdmin({ email: lead.email });
    // The next request loads the user again: no longer an admin, refused.
    const next = (await loadUser(handle.db, lead.id))!;
    expect(next.isAdmin).toBe(false);
    await expect(api(next).admin.overview()).rejects.toMatchObject({ code: 'FORBIDDEN' });

    await expect(api().admin.revokeAdmin({ email: admin.email })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: ADMIN_MESSAGES.lastAdmin,
    });
    expect(await handle.db.select().from(admins)).toHaveLength(1);
  });
});

describe('events', () => {
  it('lists every event by status and search, and shows one with what cancelling would do', async () => {
    const { event, listing } = await makeListing(handle.db, host, { spaces: 3 });
    await book(listing, 0);
    await book(listing, 0, { daysAgo: 0, refundCents: 2000 });
    await book(listing, 0, undefined, 'arrival');
    const found = await api().admin.events({ q: event.title });
    expect(found.items).toHaveLength(1);
    expect(found.items[0]).toMatchObject({ id: event.id, confirmedBookings: 2, spacesOffered: 3 });
    expect((await api().admin.events({ q: event.title, status: 'cancelled' })).items).toEqual([]);

    const page = await api().admin.event({ id: event.id });
    expect(page.spaces).toEqual({ offered: 3, booked: 2 });
    // Two bookings cancelled; only the card payment goes back (the other was never charged).
    expect(page.cancelWouldRefund).toEqual({ bookings: 2, paidByCard: 1, cents: 2000 });
    expect(page.listings[0]).toMatchObject({ hostEmail: host.email, spacesBooked: 2 });
    expect(page.bookings.map((b) => [b.driverName, b.licensePlate, b.status])).toEqual(
      expect.arrayContaining([
        ['Dev Driver', 'ABC 123', 'confirmed'],
        ['Dev Driver', 'ABC 123', 'cancelled'],
      ]),
    );
    await expect(api().admin.event({ id: randomUUID() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('the audit log', () => {
  const rowsFor = (targetId: string) =>
    handle.db.select().from(adminAudit).where(eq(adminAudit.targetId, targetId));

  it('writes one row per admin action: who, with which token, what, on what, from where', async () => {
    const [token] = await handle.db
      .insert(apiTokens)
      .values({ name: 'ops bot', ownerId: admin.id, scopes: ['admin'], secretHash: randomUUID() })
      .returning();
    const viaToken = api(admin, { id: token!.id, scopes: ['admin'] });

    await viaToken.admin.grantAdmin({ email: 'audit.me@example.com' });
    // Granting an admin again changes nothing, so it is not on the record.
    await viaToken.admin.grantAdmin({ email: 'audit.me@example.com' });
    await api().admin.revokeAdmin({ email: 'audit.me@example.com' });
    const grants = await rowsFor('audit.me@example.com');
    expect(grants.map((r) => [r.action, r.apiTokenId])).toEqual(
      expect.arrayContaining([
        ['admin.grant', token!.id],
        ['admin.revoke', null],
      ]),
    );
    expect(grants).toHaveLength(2);
    expect(grants[0]).toMatchObject({ actorId: admin.id, actorEmail: admin.email, ip: ADMIN_IP });

    const { event, listing } = await makeListing(handle.db, host, { spaces: 3 });
    await book(listing, 0);
    await book(listing, 0);
    const jobsBefore = await handle.db.select({ n: sql<number>`count(*)::int` }).from(emailJobs);
    const cancelled = await api().event.cancel({ id: event.id, reason: 'Storm warning' });
    expect(cancelled.cancelledBookings).toBe(2);
    const jobsAfter = await handle.db.select({ n: sql<number>`count(*)::int` }).from(emailJobs);
    expect(jobsAfter[0]!.n).toBeGreaterThan(jobsBefore[0]!.n);
    await api().event.archive({ id: event.id });
    await api().event.unarchive({ id: event.id });
    const onEvent = await rowsFor(event.id);
    expect(onEvent.map((r) => r.action).sort()).toEqual([
      'event.archive',
      'event.cancel',
      'event.unarchive',
    ]);
    expect(onEvent.find((r) => r.action === 'event.cancel')).toMatchObject({
      targetLabel: event.title,
      details: { cancelledBookings: 2, reason: 'Storm warning' },
    });

    // An admin's edit of someone's event is on the record, once.
    const other = await makeListing(handle.db, host, { spaces: 1 });
    const e = other.event;
    await api().event.update({
      ...eventEditFields(e),
      id: e.id,
      title: `${e.title} (moved indoors)`,
    });
    expect((await rowsFor(e.id)).map((r) => [r.action, r.targetLabel])).toEqual([
      ['event.edit', `${e.title} (moved indoors)`],
    ]);

    // A refused action leaves no row: the event is already cancelled.
    await expect(api().event.cancel({ id: event.id, reason: 'Again' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await rowsFor(event.id)).toHaveLength(3);

    const [note] = await handle.db
      .insert(feedback)
      .values({ userName: 'Pat', feedbackText: 'Love it' })
      .returning();
    await api().feedback.resolve({ id: note!.id });
    expect((await rowsFor(note!.id)).map((r) => r.action)).toEqual(['feedback.resolve']);

    const made = await api().apiToken.create({ name: 'nightly export', scopes: ['read'] });
    await api().apiToken.revoke({ id: made.id });
    expect((await rowsFor(made.id)).map((r) => r.action).sort()).toEqual([
      'api_token.create',
      'api_token.revoke',
    ]);

    // A host's own token is not an admin act.
    const hosts = await api(host).apiToken.create({ name: 'host tool', scopes: ['read'] });
    expect(await rowsFor(hosts.id)).toEqual([]);
  });

  it('lists the log newest first with filters and pages, and no statement can change it', async () => {
    for (let i = 0; i < 55; i += 1) {
      await api().admin.grantAdmin({ email: `bulk-${i}@example.com` });
    }
    const first = await api().admin.audit({ action: 'admin.grant' });
    expect(first.items).toHaveLength(50);
    // In the order they were written, also where several share a millisecond.
    expect(first.items.map((r) => r.targetId)).toEqual(
      Array.from({ length: 50 }, (_, i) => `bulk-${54 - i}@example.com`),
    );
    const second = await api().admin.audit({ action: 'admin.grant', cursor: first.next! });
    const seen = [...first.items, ...second.items].map((r) => r.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(second.items.map((r) => r.targetId)).toContain('bulk-0@example.com');
    expect(second.next).toBeNull();
    expect(
      (await api().admin.audit({ target: 'bulk-7@example.com' })).items.map((r) => r.action),
    ).toEqual(['admin.grant']);
    expect((await api().admin.audit({ actor: 'someone.else@example.com' })).items).toEqual([]);
    const future = new Date(Date.now() + DAY).toISOString();
    expect((await api().admin.audit({ from: future })).items).toEqual([]);

    const [row] = await handle.db.select().from(adminAudit).limit(1);
    await expect(
      handle.db.update(adminAudit).set({ ip: '0.0.0.0' }).where(eq(adminAudit.id, row!.id)),
    ).rejects.toThrow();
    await expect(handle.db.delete(adminAudit).where(eq(adminAudit.id, row!.id))).rejects.toThrow();
    await expect(handle.db.execute(sql`truncate admin_audit`)).rejects.toThrow();
    const [kept] = await handle.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.id, row!.id), eq(adminAudit.ip, row!.ip)));
    expect(kept).toBeTruthy();
    // Users stay as they were: the audit never touches them.
    expect((await handle.db.select().from(users)).length).toBeGreaterThan(0);
  });
});
