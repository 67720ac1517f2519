/**
 * Listing review (PRODUCT.md §8): which listings wait, what drivers see of them, and the admin's
 * approval or rejection with its e-mail and audit row.
 */
import { adminAudit, admins, driveways, emailJobs, listings } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@parkside/core';
import { createContext } from '../../context';
import { createCaller } from '../../root';
import { createTestStorage, type TestStorage } from '../../test-storage';
import { drivewayRequest, makeEvent, makeListing, STADIUM } from '../../test-marketplace';
import { insertUsers, testUser, auditRows } from '../../test-users';

let handle: TestDatabase;
let files: TestStorage;
let counter = 0;
const admin = testUser('review-admin', { isAdmin: true });
const driver = testUser('review-driver');
const api = (user: SessionUser | null) =>
  createCaller(
    createContext({ db: handle.db, user, storage: files.storage, clientIp: '203.0.113.9' }),
  );

beforeAll(async () => {
  handle = await createTestDatabase();
  files = createTestStorage(handle.db);
  await insertUsers(handle.db, admin, driver);
  await handle.db.insert(admins).values({ email: admin.email });
}, 60_000);
afterAll(async () => {
  await handle?.close();
  files?.remove();
});

/** A new host (a user who has never listed). */
async function newHost() {
  counter += 1;
  const host = testUser(`review-host-${counter}`, { name: `Hal Host ${counter}` });
  await insertUsers(handle.db, host);
  return host;
}

async function event() {
  counter += 1;
  return makeEvent(handle.db, { title: `Review Game ${counter}`, slug: `review-game-${counter}` });
}

/** A driveway request at an address nobody else lists. */
const request = (eventId: string, overrides: Record<string, unknown> = {}) => {
  counter += 1;
  return drivewayRequest(eventId, { street: `${counter} Review Way`, ...overrides });
};

const listingRow = async (id: string) =>
  (await handle.db.select().from(listings).where(eq(listings.id, id)))[0]!;

const mailTo = (email: string) =>
  handle.db
    .select()
    .from(emailJobs)
    .where(and(eq(emailJobs.toAddress, email), eq(emailJobs.kind, 'listing-reviewed')));

/** A host that has had a listing live, and a driveway of theirs with a photo near the stadium. */
async function approvedHostWithPhoto() {
  const host = await newHost();
  const { driveway } = await makeListing(handle.db, host);
  await handle.db
    .update(driveways)
    .set({ photos: ['/files/driveways/x/front.jpg'], street: `${counter} Trusted Row` })
    .where(eq(driveways.id, driveway.id));
  return { host, drivewayId: driveway.id };
}

describe('which listings wait for review', () => {
  it('holds a new host’s first listing back from drivers until an admin approves it', async () => {
    const host = await newHost();
    const game = await event();
    const { listingId } = await api(host).listing.createWithDriveway(request(game.id));
    expect(await listingRow(listingId)).toMatchObject({
      status: 'in_review',
      reviewFlags: ['first_listing', 'no_photos'],
    });
    const shown = await api(null).listing.forEvent({ eventId: game.id });
    expect(shown.items.map((i) => i.id)).not.toContain(listingId);
    await expect(api(null).listing.drivewayPage({ listingId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      api(driver).booking.create({
        listingId,
        licensePlate: 'REV 101',
        vehicleDescription: 'Grey Mazda 3',
        idempotencyKey: `review-${listingId}`,
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    // The host sees it waiting, and cannot open or close it around the review.
    const mine = (await api(host).listing.mine()).flatMap((d) => d.listings);
    expect(mine.find((l) => l.id === listingId)).toMatchObject({
      status: 'in_review',
      reviewFlags: ['first_listing', 'no_photos'],
    });
    await expect(api(host).listing.reopen({ listingId })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(api(host).listing.close({ listingId })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('lets an approved host’s unflagged listing go live at once, and flags the rest', async () => {
    const { host, drivewayId } = await approvedHostWithPhoto();
    const game = await event();
    const live = await api(host).listing.add({
      drivewayId,
      eventId: game.id,
      priceCents: 2000,
      spacesOffered: 1,
    });
    expect(live.status).toBe('open');
    expect((await listingRow(live.listingId)).reviewFlags).toEqual([]);

    // Three times the local median ($20) is the most that goes live without a look.
    const { event: dearer } = await makeListing(handle.db, await newHost());
    const dear = await api(host).listing.add({
      drivewayId,
      eventId: dearer.id,
      priceCents: 6100,
      spacesOffered: 1,
    });
    expect(await listingRow(dear.listingId)).toMatchObject({
      status: 'in_review',
      reviewFlags: ['high_price'],
    });
    // The admin sees what the neighbors ask: the $20 listing within a mile, not this one.
    const queue = await api(admin).admin.listingQueue();
    expect(queue.listings.find((l) => l.id === dear.listingId)?.nearbyMedianCents).toBe(2000);

    // A driveway more than 3 miles from the venue, at an address another host lists.
    const far = await api(host).listing.createWithDriveway(
      request(game.id, {
        street: '1550 N. 1000 E.',
        latitude: STADIUM.latitude + 0.05,
        longitude: STADIUM.longitude,
      }),
    );
    expect((await listingRow(far.listingId)).reviewFlags).toEqual([
      'no_photos',
      'far_from_venue',
      'address_listed_by_another_host',
    ]);
  });

  it('lets a listing waiting only for a photo go live when the photo is added', async () => {
    const { host } = await approvedHostWithPhoto();
    const game = await event();
    const { drivewayId, listingId } = await api(host).listing.createWithDriveway(request(game.id));
    expect(await listingRow(listingId)).toMatchObject({
      status: 'in_review',
      reviewFlags: ['no_photos'],
    });
    const url = await files.uploadAs(host, `driveways/${drivewayId}/front.png`);
    await api(host).storage.attachDrivewayPhoto({ drivewayId, url });
    expect(await listingRow(listingId)).toMatchObject({ status: 'open', reviewFlags: [] });
  });

  it('sends every listing of a new host’s multi-event request to review', async () => {
    const host = await newHost();
    const [first, second, third] = [await event(), await event(), await event()];
    const { drivewayId } = await api(host).listing.createWithDriveway(request(first.id));
    const { created } = await api(host).listing.addForEvents({
      drivewayId,
      eventIds: [second.id, third.id],
      priceCents: 2000,
      spacesOffered: 1,
      licensePlateRequired: true,
    });
    expect(created.map((c) => c.status)).toEqual(['in_review', 'in_review']);
  });
});

describe('the admin’s review', () => {
  it('shows the queue with flags, approves one and rejects another with a reason', async () => {
    const host = await newHost();
    const [first, second] = [await event(), await event()];
    const a = await api(host).listing.createWithDriveway(request(first.id));
    const b = await api(host).listing.add({
      drivewayId: a.drivewayId,
      eventId: second.id,
      priceCents: 1800,
      spacesOffered: 1,
    });
    const queue = await api(admin).admin.listingQueue();
    const queued = queue.listings.filter((l) => l.driveway.id === a.drivewayId);
    expect(queued.map((l) => l.id)).toEqual([a.listingId, b.listingId]);
    expect(queued[0]).toMatchObject({
      reviewFlags: ['first_listing', 'no_photos'],
      host: { email: host.email },
      event: { id: first.id, venueName: STADIUM.venueName },
    });
    expect(queued[0]!.milesFromVenue).toBeLessThan(1);

    await expect(
      api(admin).admin.decideListing({ listingId: b.listingId, decision: 'rejected', reason: ' ' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await api(admin).admin.decideListing({ listingId: a.listingId, decision: 'approved' });
    await api(admin).admin.decideListing({
      listingId: b.listingId,
      decision: 'rejected',
      reason: 'The photos show a lawn, not a driveway.',
    });
    // A decision is made once.
    await expect(
      api(admin).admin.decideListing({ listingId: a.listingId, decision: 'approved' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });

    const shown = await api(null).listing.forEvent({ eventId: first.id });
    expect(shown.items.map((i) => i.id)).toContain(a.listingId);
    const hidden = await api(null).listing.forEvent({ eventId: second.id });
    expect(hidden.items.map((i) => i.id)).not.toContain(b.listingId);
    const mine = (await api(host).listing.mine()).flatMap((d) => d.listings);
    expect(mine.find((l) => l.id === b.listingId)).toMatchObject({
      status: 'rejected',
      reviewReason: 'The photos show a lawn, not a driveway.',
    });

    const mail = await mailTo(host.email);
    expect(mail.map((m) => m.subject).sort()).toEqual([
      `Your driveway is live for ${first.title}`,
      `Your listing for ${second.title} was not approved`,
    ]);
    expect(mail.find((m) => m.subject.includes('not approved'))!.textBody).toContain(
      'The photos show a lawn, not a driveway.',
    );
    const audit = await auditRows(handle.db, eq(adminAudit.actorEmail, admin.email));
    expect(audit.map((r) => [r.action, r.targetId, r.details])).toEqual(
      expect.arrayContaining([
        ['listing.approve', a.listingId, null],
        ['listing.reject', b.listingId, { reason: 'The photos show a lawn, not a driveway.' }],
      ]),
    );

    // Approved once, the host's next unflagged listing goes live without waiting.
    await handle.db
      .update(driveways)
      .set({ photos: ['/files/driveways/a/front.jpg'] })
      .where(eq(driveways.id, a.drivewayId));
    const next = await api(host).listing.add({
      drivewayId: a.drivewayId,
      eventId: (await event()).id,
      priceCents: 2000,
      spacesOffered: 1,
    });
    expect(next.status).toBe('open');
  });
});

describe('a listing that was not approved, fixed and sent again', () => {
  it('goes back to the queue with the earlier reason and what changed, and is decided again', async () => {
    const host = await newHost();
    const game = await event();
    const { listingId, drivewayId } = await api(host).listing.createWithDriveway(
      (() => {
        counter += 1;
        return drivewayRequest(game.id, { street: `${counter} Review Way` }, { priceCents: 9000 });
      })(),
    );
    const before = await listingRow(listingId);
    const terms = {
      listingId,
      priceCents: 2500,
      spacesOffered: before.spacesOffered,
      availableFrom: before.availableFrom.toISOString(),
      availableTo: before.availableTo.toISOString(),
    };
    // Only a rejected listing is sent again.
    await expect(api(host).listing.sendAgain(terms)).rejects.toMatchObject({ code: 'CONFLICT' });
    await api(admin).admin.decideListing({
      listingId,
      decision: 'rejected',
      reason: 'Add a photo, and $90 is far above what neighbours ask.',
    });

    // The host adds a photo (the driveway's own form) and lowers the price as they send it again.
    await handle.db
      .update(driveways)
      .set({ photos: ['/files/driveways/fixed/front.jpg'] })
      .where(eq(driveways.id, drivewayId));
    const sent = await api(host).listing.sendAgain(terms);
    expect(sent).toEqual({
      status: 'in_review',
      changes: ['Price: $90.00 → $25.00', 'Photos: 0 → 1'],
    });
    // Someone else's listing is not theirs to send.
    await expect(api(driver).listing.sendAgain(terms)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    const queued = (await api(admin).admin.listingQueue()).listings.find((l) => l.id === listingId);
    expect(queued).toMatchObject({
      earlierReviewReason: 'Add a photo, and $90 is far above what neighbours ask.',
      changesSinceReview: ['Price: $90.00 → $25.00', 'Photos: 0 → 1'],
      priceCents: 2500,
      // Flagged as it is now: it has a photo; the host is still new.
      reviewFlags: ['first_listing'],
    });
    const mine = (await api(host).listing.mine()).flatMap((d) => d.listings);
    expect(mine.find((l) => l.id === listingId)).toMatchObject({
      status: 'in_review',
      reviewReason: null,
    });
    await api(admin).admin.decideListing({ listingId, decision: 'approved' });
    expect((await listingRow(listingId)).status).toBe('open');
    // Sent once: an open listing is not sent again.
    await expect(api(host).listing.sendAgain(terms)).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
