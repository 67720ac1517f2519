import {
  driveways,
  events,
  listings,
  storageObjects,
  users,
  type Database,
  type StorageObject,
  columnsOf,
} from '@parkside/db';
import { areaOf, type StorageService } from '@parkside/storage';
import { MAX_DRIVEWAY_PHOTOS } from '@parkside/validators';
import { and, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { AppError } from '@parkside/core';
import { inTransaction } from '../../transaction';
import { releaseOnPhoto } from '../../shared/listing-review';
import { notifyWaitlist } from '../notifications/waitlist-mail';
import type { SessionUser } from '@parkside/core';

function requireStorage(storage: StorageService | null): StorageService {
  if (!storage) throw new AppError('INTERNAL', 'File storage is not configured.');
  return storage;
}

/**
 * The stored object behind a download URL, when its token is valid and it lies under one of
 * `prefixes`. Anything else reads as "not found", so a guessed URL tells nothing.
 */
async function requireUploaded(
  storage: StorageService | null,
  url: string,
  prefixes: string[],
): Promise<StorageObject> {
  const object = await requireStorage(storage).resolveDownloadUrl(url);
  if (!object || !prefixes.some((prefix) => object.fullPath.startsWith(prefix))) {
    throw new AppError('NOT_FOUND', 'That upload was not found. Please upload the image again.');
  }
  return object;
}

/**
 * An image uploaded under the user's own folder before its driveway or event existed moves under
 * `prefix` when attached, so it counts where it belongs (storage metrics by area) and goes with
 * the driveway or event, not the profile. Answers the URL to store.
 */
async function moveUnder(
  storage: StorageService | null,
  object: StorageObject,
  url: string,
  prefix: string,
): Promise<string> {
  if (object.fullPath.startsWith(prefix)) return url;
  const to = `${prefix}${object.id.slice(0, 8)}-${object.name}`;
  return (await requireStorage(storage).move(url, to)) ?? url;
}

async function requireOwnDriveway(db: Database, user: SessionUser, drivewayId: string) {
  const [row] = await db
    .select({ id: driveways.id, hostId: driveways.hostId, photos: driveways.photos })
    .from(driveways)
    .where(eq(driveways.id, drivewayId));
  // Another host's driveway reads as missing.
  if (!row || (row.hostId !== user.id && !user.isAdmin)) {
    throw new AppError('NOT_FOUND', 'That driveway was not found.');
  }
  return row;
}

/** Adds an uploaded photo (under driveways/{id}/) to the host's own driveway. */
export async function attachDrivewayPhoto(
  db: Database,
  storage: StorageService | null,
  user: SessionUser,
  input: { drivewayId: string; url: string },
  publicUrl: string,
) {
  const driveway = await requireOwnDriveway(db, user, input.drivewayId);
  // Under the driveway, or the user's own folder (uploaded while the driveway was being made).
  const object = await requireUploaded(storage, input.url, [
    `driveways/${driveway.id}/`,
    `users/${user.id}/`,
  ]);
  const url = await moveUnder(storage, object, input.url, `driveways/${driveway.id}/`);
  if (driveway.photos.includes(url)) return { photos: driveway.photos };
  if (driveway.photos.length >= MAX_DRIVEWAY_PHOTOS) {
    throw new AppError(
      'BAD_REQUEST',
      `A driveway can show at most ${MAX_DRIVEWAY_PHOTOS} photos. Remove one first.`,
    );
  }
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(driveways)
      .set({ photos: sql`array_append(${driveways.photos}, ${url})` })
      .where(eq(driveways.id, driveway.id))
      .returning({ photos: driveways.photos });
    // Listings that waited only for a photo go live now, and whoever waits for a space hears.
    for (const eventId of await releaseOnPhoto(tx, driveway.id))
      await notifyWaitlist(tx, eventId, publicUrl);
    return { photos: row!.photos };
  });
}

/** Takes a photo off the host's own driveway (the file itself stays until deleted). */
export async function removeDrivewayPhoto(
  db: Database,
  user: SessionUser,
  input: { drivewayId: string; url: string },
) {
  const driveway = await requireOwnDriveway(db, user, input.drivewayId);
  const [row] = await db
    .update(driveways)
    .set({ photos: sql`array_remove(${driveways.photos}, ${input.url})` })
    .where(eq(driveways.id, driveway.id))
    .returning({ photos: driveways.photos });
  return { photos: row!.photos };
}

/** Sets the image of an event the user created (admins: any event), from events/{id}/. */
export async function setEventImage(
  db: Database,
  storage: StorageService | null,
  user: SessionUser,
  input: { eventId: string; url: string | null },
) {
  const [event] = await db
    .select({ id: events.id, createdBy: events.createdBy })
    .from(events)
    .where(eq(events.id, input.eventId));
  if (!event || (event.createdBy !== user.id && !user.isAdmin)) {
    throw new AppError('NOT_FOUND', 'That event was not found.');
  }
  let url = input.url;
  if (url !== null) {
    const object = await requireUploaded(storage, url, [
      `events/${event.id}/`,
      `users/${user.id}/`,
    ]);
    url = await moveUnder(storage, object, url, `events/${event.id}/`);
  }
  await db.update(events).set({ imageUrl: url }).where(eq(events.id, event.id));
  return { imageUrl: url };
}

/** Sets (or clears) the user's own profile image, from users/{userId}/. */
export async function setProfileImage(
  db: Database,
  storage: StorageService | null,
  user: SessionUser,
  input: { url: string | null },
) {
  if (input.url !== null) await requireUploaded(storage, input.url, [`users/${user.id}/`]);
  await db.update(users).set({ profileImageUrl: input.url }).where(eq(users.id, user.id));
  return { profileImageUrl: input.url };
}

/** The signed-in host's driveways with their photos. */
export function listOwnDriveways(db: Database, user: SessionUser) {
  return db
    .select(columnsOf(driveways, 'id title street city photos'))
    .from(driveways)
    .where(eq(driveways.hostId, user.id))
    .orderBy(driveways.title);
}

/** Photos per listing (its driveway's), for listing cards. */
export async function photosForListings(db: Database, listingIds: string[]) {
  if (listingIds.length === 0) return {};
  const rows = await db
    .select({ listingId: listings.id, photos: driveways.photos })
    .from(listings)
    .innerJoin(driveways, eq(driveways.id, listings.drivewayId))
    .where(inArray(listings.id, listingIds));
  return Object.fromEntries(rows.map((r) => [r.listingId, r.photos.slice(0, 4)])) as Record<
    string,
    string[]
  >;
}

/** The /storage-metrics figures: by area, quota use, the largest files, a daily history. */
export async function getStorageMetrics(
  db: Database,
  storage: StorageService | null,
  now = new Date(),
) {
  const area = sql<string>`case split_part(${storageObjects.fullPath}, '/', 1)
    when 'users' then 'users' when 'driveways' then 'driveways' when 'events' then 'events'
    else 'other' end`;
  const bytes = sql<string>`coalesce(sum(${storageObjects.size}), 0)`;
  const count = sql<number>`count(*)::int`;
  const since = new Date(now.getTime() - 29 * 24 * 3600 * 1000);
  since.setUTCHours(0, 0, 0, 0);
  const day = sql<string>`to_char(date_trunc('day', ${storageObjects.timeCreated} at time zone 'UTC'), 'YYYY-MM-DD')`;

  const [byArea, [totals], topUsers, largest, daily] = await Promise.all([
    db.select({ area, objects: count, bytes }).from(storageObjects).groupBy(area),
    db.select({ objects: count, bytes }).from(storageObjects),
    db
      .select({ userId: users.id, name: users.name, email: users.email, objects: count, bytes })
      .from(storageObjects)
      .innerJoin(users, eq(users.id, storageObjects.ownerId))
      .where(isNotNull(storageObjects.ownerId))
      .groupBy(users.id)
      .orderBy(desc(bytes))
      .limit(10),
    db
      .select({
        fullPath: storageObjects.fullPath,
        size: storageObjects.size,
        contentType: storageObjects.contentType,
        timeCreated: storageObjects.timeCreated,
        ownerName: users.name,
      })
      .from(storageObjects)
      .leftJoin(users, eq(users.id, storageObjects.ownerId))
      .orderBy(desc(storageObjects.size))
      .limit(10),
    db
      .select({ day, objects: count, bytes })
      .from(storageObjects)
      .where(and(gte(storageObjects.timeCreated, since)))
      .groupBy(day)
      .orderBy(day),
  ]);
  const quotaBytes = storage?.quotaBytes ?? 0;
  const areas = (['users', 'driveways', 'events', 'other'] as const).map((name) => {
    const row = byArea.find((r) => r.area === name);
    return { area: name, objects: row?.objects ?? 0, bytes: Number(row?.bytes ?? 0) };
  });
  const history = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(since.getTime() + i * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const row = daily.find((d) => d.day === date);
    return { day: date, objects: row?.objects ?? 0, bytes: Number(row?.bytes ?? 0) };
  });
  return {
    backend: storage?.backend.kind ?? 'disk',
    totals: { objects: totals?.objects ?? 0, bytes: Number(totals?.bytes ?? 0) },
    areas,
    quota: {
      perUserBytes: quotaBytes,
      users: topUsers.map((u) => ({
        ...u,
        bytes: Number(u.bytes),
        share: quotaBytes ? Number(u.bytes) / quotaBytes : 0,
      })),
    },
    largest: largest.map((l) => ({ ...l, area: areaOf(l.fullPath) })),
    history,
  };
}

export type StorageMetrics = Awaited<ReturnType<typeof getStorageMetrics>>;
