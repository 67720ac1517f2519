import { driveways, events, listings, users } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../context';
import type { SessionUser } from '@parkside/core';
import { createCaller } from '../../root';
import { createTestStorage, type TestStorage } from '../../test-storage';
import { insertUsers, testUser } from '../../test-users';

let handle: TestDatabase;
let files: TestStorage;
let drivewayId: string;
let otherDrivewayId: string;
let eventId: string;
let listingId: string;

const host = testUser('shost', { isHost: true });
const otherHost = testUser('shost-2', { isHost: true });
const admin = testUser('sadmin', { isAdmin: true });
const driver = testUser('sdriver');

const api = (user: SessionUser | null) =>
  createCaller(createContext({ db: handle.db, user, storage: files.storage }));

const uploadAs = (user: SessionUser, name: string) => files.uploadAs(user, name);

beforeAll(async () => {
  handle = await createTestDatabase();
  files = createTestStorage(handle.db);
  await insertUsers(handle.db, host, otherHost, admin, driver);
  const place = {
    street: '1 Main St',
    city: 'Provo',
    region: 'UT',
    postalCode: '84604',
    latitude: 40.25,
    longitude: -111.65,
    capacity: 2,
  };
  const [mine, theirs] = await handle.db
    .insert(driveways)
    .values([
      { ...place, hostId: host.id, title: 'Mine' },
      { ...place, hostId: otherHost.id, title: 'Theirs' },
    ])
    .returning({ id: driveways.id });
  drivewayId = mine!.id;
  otherDrivewayId = theirs!.id;
  const [event] = await handle.db
    .insert(events)
    .values({
      title: 'Storage Fest',
      slug: 'storage-fest',
      venueName: 'Park',
      street: '2 Main St',
      city: 'Provo',
      region: 'UT',
      postalCode: '84604',
      latitude: 40.25,
      longitude: -111.65,
      timeZone: 'America/Denver',
      expectedAttendance: 5000,
      startsAt: new Date(Date.now() + 48 * 3600_000),
      endsAt: new Date(Date.now() + 52 * 3600_000),
      createdBy: host.id,
    })
    .returning({ id: events.id });
  eventId = event!.id;
  const [listing] = await handle.db
    .insert(listings)
    .values({
      drivewayId,
      eventId,
      location: { x: -111.65, y: 40.25 },
      priceCents: 1500,
      spacesOffered: 1,
      availableFrom: new Date(Date.now() + 47 * 3600_000),
      availableTo: new Date(Date.now() + 53 * 3600_000),
    })
    .returning({ id: listings.id });
  listingId = listing!.id;
});

afterAll(async () => {
  await handle?.close();
  files?.remove();
});

describe('driveway photos', () => {
  it('attaches a photo the host uploaded under the driveway and shows it on the listing', async () => {
    const url = await uploadAs(host, `driveways/${drivewayId}/front.png`);
    const { photos } = await api(host).storage.attachDrivewayPhoto({ drivewayId, url });
    expect(photos).toEqual([url]);
    // Attaching twice keeps one copy.
    await api(host).storage.attachDrivewayPhoto({ drivewayId, url });
    expect(await api(null).storage.listingPhotos({ listingIds: [listingId] })).toEqual({
      [listingId]: [url],
    });
    const removed = await api(host).storage.removeDrivewayPhoto({ drivewayId, url });
    expect(removed.photos).toEqual([]);
  });

  it('answers NOT_FOUND for another host’s driveway', async () => {
    const url = await uploadAs(host, `driveways/${drivewayId}/side.png`);
    await expect(
      api(otherHost).storage.attachDrivewayPhoto({ drivewayId, url }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      api(otherHost).storage.removeDrivewayPhoto({ drivewayId, url }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a photo from another prefix, a forged token or a foreign URL', async () => {
    const own = await uploadAs(otherHost, `driveways/${otherDrivewayId}/x.png`);
    const profile = await uploadAs(otherHost, `users/${otherHost.id}/me.png`);
    const forged = `/v0/b/parkside/o/${encodeURIComponent(`driveways/${drivewayId}/front.png`)}?alt=media&token=guess`;
    for (const url of [own, profile, forged, 'https://evil.example/cat.png']) {
      await expect(
        api(host).storage.attachDrivewayPhoto({ drivewayId, url }),
        url,
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('moves a photo from the host’s own folder (uploaded before the driveway existed) under the driveway', async () => {
    const before = await api(admin).storage.metrics();
    const url = await uploadAs(host, `users/${host.id}/draft-photo.png`);
    const { photos } = await api(host).storage.attachDrivewayPhoto({ drivewayId, url });
    const moved = photos.at(-1)!;
    expect(moved).toMatch(
      new RegExp(
        `^/v0/b/[^/]+/o/driveways%2F${drivewayId}%2F[0-9a-f]{8}-draft-photo\\.png\\?alt=media&token=`,
      ),
    );
    // The photo now counts as a driveway photo, no longer as a profile image.
    const after = await api(admin).storage.metrics();
    const area = (m: typeof after, name: string) => m.areas.find((a) => a.area === name)!;
    expect(area(after, 'driveways').objects).toBe(area(before, 'driveways').objects + 1);
    expect(area(after, 'users').objects).toBe(area(before, 'users').objects);
    // Attaching the old address again changes nothing: it no longer leads anywhere.
    await expect(api(host).storage.attachDrivewayPhoto({ drivewayId, url })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await api(host).storage.removeDrivewayPhoto({ drivewayId, url: moved });
  });

  it('lets an admin attach to any driveway', async () => {
    const url = await uploadAs(admin, `driveways/${otherDrivewayId}/admin.png`);
    const { photos } = await api(admin).storage.attachDrivewayPhoto({
      drivewayId: otherDrivewayId,
      url,
    });
    expect(photos).toContain(url);
  });
});

describe('event image and profile image', () => {
  it('sets the image of an event its creator registered, and refuses others', async () => {
    const url = await uploadAs(host, `events/${eventId}/cover.png`);
    await expect(api(driver).storage.setEventImage({ eventId, url })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await api(host).storage.setEventImage({ eventId, url });
    const [row] = await handle.db.select().from(events).where(eq(events.id, eventId));
    expect(row!.imageUrl).toBe(url);
    // Uploaded while the event was being registered (the user's folder): it moves under it.
    const draft = await uploadAs(host, `users/${host.id}/poster.png`);
    const { imageUrl } = await api(host).storage.setEventImage({ eventId, url: draft });
    expect(imageUrl).toMatch(
      new RegExp(`^/v0/b/[^/]+/o/events%2F${eventId}%2F[0-9a-f]{8}-poster\\.png\\?`),
    );
    await api(host).storage.setEventImage({ eventId, url });
  });

  it('sets only the user’s own profile image', async () => {
    const url = await uploadAs(driver, `users/${driver.id}/avatar.png`);
    await expect(api(host).storage.setProfileImage({ url })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await api(driver).storage.setProfileImage({ url });
    const [row] = await handle.db.select().from(users).where(eq(users.id, driver.id));
    expect(row!.profileImageUrl).toBe(url);
    await api(driver).storage.setProfileImage({ url: null });
    await expect(api(null).storage.setProfileImage({ url: null })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});

describe('storage metrics (admins only)', () => {
  it('reports objects and bytes by area, quota use, largest files and a daily history', async () => {
    const metrics = await api(admin).storage.metrics();
    const byArea = Object.fromEntries(metrics.areas.map((a) => [a.area, a]));
    // The photo uploaded before its driveway existed counts with the driveways.
    expect(byArea.driveways!.objects).toBe(5);
    expect(byArea.events!.objects).toBe(2);
    expect(byArea.users!.bytes).toBe(2000);
    expect(metrics.totals.bytes).toBe(metrics.areas.reduce((sum, a) => sum + a.bytes, 0));
    expect(metrics.quota.perUserBytes).toBe(25 * 1024 * 1024);
    expect(metrics.quota.users[0]).toMatchObject({ userId: host.id, objects: 5 });
    expect(metrics.largest.length).toBeGreaterThan(0);
    expect(metrics.history).toHaveLength(30);
    expect(metrics.history.at(-1)!.objects).toBe(metrics.totals.objects);
  });

  it('answers FORBIDDEN to everyone else', async () => {
    await expect(api(host).storage.metrics()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(api(host).apiToken.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
