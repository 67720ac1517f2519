import { apiTokens, driveways, events, storageObjects, users, type Database } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import {
  APP_CHECK_HEADER,
  OBJECT_METADATA_FIELDS,
  issueAppCheckToken,
  sha256Hex,
  type UploadResult,
} from '@parkside/storage';
import { eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { seedDemo } from './demo-data';
import { readEnv } from './env';
import { createServices, type Services } from './services';

let handle: TestDatabase;
let db: Database;
let services: Services;
let server: Server;
let base: string;
let storageDir: string;
let appCheck: string;
const cookies: Record<string, string> = {};
let hostDriveway: string;
let otherDriveway: string;
let hostEvent: string;

const BUCKET = 'parkside-test';
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Bytes that start like a PNG (the server recognises images by their first bytes). */
function png(size = 2048): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_SIGNATURE);
  return bytes;
}

/** A Windows executable's first bytes ("MZ"). */
function exe(size = 2048): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set([0x4d, 0x5a, 0x90, 0x00]);
  return bytes;
}

async function signIn(userId: string) {
  const { token } = await services.auth.sessions.create(userId);
  return services.auth.sessions.cookie(token).split(';')[0]!;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  await seedDemo(db);
  storageDir = mkdtempSync(join(tmpdir(), 'parkside-storage-'));
  services = createServices(
    db,
    readEnv({
      NODE_ENV: 'test',
      GEOCODER_KIND: 'none',
      STORAGE_DIR: storageDir,
      STORAGE_BUCKET: BUCKET,
      STORAGE_QUOTA_MB: '1',
    }),
    { publicUrl: 'http://parkside.test' },
  );
  await db.insert(users).values([
    { id: 'ana', email: 'ana@example.com', name: 'Ana', emailVerified: true },
    { id: 'bo', email: 'bo@example.com', name: 'Bo', emailVerified: true },
    { id: 'cy', email: 'cy@example.com', name: 'Cy', emailVerified: true },
  ]);
  for (const id of ['ana', 'bo', 'cy', 'demo-host', 'demo-admin']) cookies[id] = await signIn(id);
  const [oak] = await db
    .select({ id: driveways.id })
    .from(driveways)
    .where(eq(driveways.hostId, 'demo-host'));
  const [others] = await db
    .select({ id: driveways.id })
    .from(driveways)
    .where(eq(driveways.hostId, 'demo-host-mia'));
  hostDriveway = oak!.id;
  otherDriveway = others!.id;
  const [event] = await db
    .update(events)
    .set({ createdBy: 'demo-host' })
    .where(eq(events.slug, 'stadium-of-fire'))
    .returning({ id: events.id });
  hostEvent = event!.id;

  const app = createApp({ services, mode: 'test', appRoot: process.cwd() });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issued = await fetch(`${base}/storage/app-check`);
  appCheck = ((await issued.json()) as { token: string }).token;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await handle?.close();
  rmSync(storageDir, { recursive: true, force: true });
});

interface CallOptions {
  as?: string | null;
  bearer?: string;
  appCheckToken?: string | null;
}

function headersFor({ as = null, bearer, appCheckToken = appCheck }: CallOptions) {
  const headers: Record<string, string> = { origin: base };
  if (appCheckToken !== null) headers[APP_CHECK_HEADER] = appCheckToken;
  if (as) headers.cookie = cookies[as]!;
  if (bearer) {
    headers.authorization = `Bearer ${bearer}`;
    delete headers.origin;
  }
  return headers;
}

function upload(name: string, bytes: Uint8Array, options: CallOptions = {}) {
  const body = new FormData();
  body.append('metadata', new Blob([JSON.stringify({ name })], { type: 'application/json' }));
  body.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
  return fetch(`${base}/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: headersFor(options),
    body,
  });
}

const objectUrl = (path: string) => `${base}/v0/b/${BUCKET}/o/${encodeURIComponent(path)}`;
const getMetadata = (path: string, options: CallOptions = {}) =>
  fetch(objectUrl(path), { headers: headersFor(options) });
const remove = (path: string, options: CallOptions = {}) =>
  fetch(objectUrl(path), { method: 'DELETE', headers: headersFor(options) });

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: number; message: string } }).error;
}

describe('app check', () => {
  it('gives the site a signed, short-lived token and refuses requests without a valid one', async () => {
    const response = await fetch(`${base}/storage/app-check`);
    const body = (await response.json()) as { token: string; expiresAt: number };
    expect(body.expiresAt - Date.now()).toBeGreaterThan(50 * 60_000);
    expect(body.expiresAt - Date.now()).toBeLessThanOrEqual(3600_000);

    const missing = await upload('users/ana/a.png', png(), { as: 'ana', appCheckToken: null });
    expect(missing.status).toBe(401);
    expect((await errorOf(missing)).message).toMatch(/did not come from the Parkside site/);

    const forged = `${body.token.slice(0, -4)}AAAA`;
    expect(
      (await upload('users/ana/a.png', png(), { as: 'ana', appCheckToken: forged })).status,
    ).toBe(401);

    const expired = issueAppCheckToken(services.appCheckSecret, { now: Date.now() - 2 * 3600_000 });
    expect(
      (await getMetadata('users/ana/a.png', { as: 'ana', appCheckToken: expired.token })).status,
    ).toBe(401);

    const otherSecret = issueAppCheckToken('another-secret-of-at-least-32-characters!!');
    expect(
      (await upload('users/ana/a.png', png(), { as: 'ana', appCheckToken: otherSecret.token }))
        .status,
    ).toBe(401);
  });

  it('refuses to give a token to another site', async () => {
    const response = await fetch(`${base}/storage/app-check`, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(403);
  });
});

describe('upload, metadata, download, delete', () => {
  it('answers 401 to a visitor who is not signed in', async () => {
    const response = await upload('users/ana/avatar.png', png());
    expect(response.status).toBe(401);
    expect((await errorOf(response)).message).toBe('Please sign in to upload files.');
    expect((await getMetadata('users/ana/avatar.png')).status).toBe(401);
    expect((await remove('users/ana/avatar.png')).status).toBe(401);
  });

  it('stores a user profile image and returns exactly the spec metadata fields', async () => {
    const bytes = png(3000);
    const response = await upload('users/ana/avatar.png', bytes, { as: 'ana' });
    expect(response.status).toBe(200);
    const uploaded = (await response.json()) as UploadResult;
    expect(uploaded).toMatchObject({
      bucket: BUCKET,
      fullPath: 'users/ana/avatar.png',
      name: 'avatar.png',
      size: 3000,
      contentType: 'image/png',
      metageneration: '1',
    });
    expect(uploaded.downloadTokens.length).toBeGreaterThan(20);

    const metadata = await getMetadata('users/ana/avatar.png', { as: 'ana' });
    expect(metadata.status).toBe(200);
    const body = (await metadata.json()) as Record<string, unknown>;
    // undefined optional fields are left out of JSON; every present key is one of the spec's.
    expect(
      Object.keys(body).every((k) => (OBJECT_METADATA_FIELDS as readonly string[]).includes(k)),
    ).toBe(true);
    // The spec's fields in the spec's order, but for the three this upload did not set.
    const unset = ['contentDisposition', 'contentEncoding', 'contentLanguage'];
    expect(Object.keys(body)).toEqual(OBJECT_METADATA_FIELDS.filter((k) => !unset.includes(k)));
    expect(body.md5Hash).toBe(createHash('md5').update(bytes).digest('base64'));
    expect(body.generation).toMatch(/^\d+$/);
    expect(body).not.toHaveProperty('downloadTokens');
    expect(body).not.toHaveProperty('ownerId');

    // The download URL built from the token serves the bytes, with no headers at all.
    const download = await fetch(
      `${objectUrl('users/ana/avatar.png')}?alt=media&token=${uploaded.downloadTokens}`,
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
    const wrongToken = await fetch(`${objectUrl('users/ana/avatar.png')}?alt=media&token=guess`);
    expect(wrongToken.status).toBe(404);

    // Only the hash of the token is stored.
    const [row] = await db
      .select()
      .from(storageObjects)
      .where(eq(storageObjects.fullPath, 'users/ana/avatar.png'));
    expect(row!.downloadTokenHashes).toEqual([sha256Hex(uploaded.downloadTokens)]);
    expect(JSON.stringify(row)).not.toContain(uploaded.downloadTokens);
  });

  it('answers 404 for a missing object and for another user’s object', async () => {
    await upload('users/bo/private.png', png(), { as: 'bo' });
    expect((await getMetadata('users/bo/nothing.png', { as: 'bo' })).status).toBe(404);
    const foreign = await getMetadata('users/bo/private.png', { as: 'ana' });
    expect(foreign.status).toBe(404);
    expect((await errorOf(foreign)).message).toBe('That file does not exist.');
    expect((await remove('users/bo/private.png', { as: 'ana' })).status).toBe(404);
    expect((await getMetadata('users/bo/private.png', { as: 'bo' })).status).toBe(200);
  });

  it('deletes with 204, after which the object is gone and its download URL dead', async () => {
    const uploaded = (await (
      await upload('users/bo/old.png', png(), { as: 'bo' })
    ).json()) as UploadResult;
    const response = await remove('users/bo/old.png', { as: 'bo' });
    expect([200, 204]).toContain(response.status);
    expect((await getMetadata('users/bo/old.png', { as: 'bo' })).status).toBe(404);
    const download = await fetch(
      `${objectUrl('users/bo/old.png')}?alt=media&token=${uploaded.downloadTokens}`,
    );
    expect(download.status).toBe(404);
    expect((await remove('users/bo/old.png', { as: 'bo' })).status).toBe(404);
  });

  it('gives an overwritten object a new generation and drops the old token', async () => {
    const first = (await (
      await upload('users/cy/a.png', png(), { as: 'cy' })
    ).json()) as UploadResult;
    const second = (await (
      await upload('users/cy/a.png', png(4000), { as: 'cy' })
    ).json()) as UploadResult;
    expect(second.generation).not.toBe(first.generation);
    expect(second.size).toBe(4000);
    const old = await fetch(
      `${objectUrl('users/cy/a.png')}?alt=media&token=${first.downloadTokens}`,
    );
    expect(old.status).toBe(404);
    await remove('users/cy/a.png', { as: 'cy' });
  });
});

describe('who may write where', () => {
  it('refuses uploads to the root path', async () => {
    for (const name of ['', 'avatar.png', '/']) {
      const response = await upload(name, png(), { as: 'demo-admin' });
      expect(response.status, name).toBe(400);
      expect((await errorOf(response)).message).toBe('Uploads to the root path are refused.');
    }
  });

  it('refuses path traversal and odd names', async () => {
    for (const name of [
      'users/ana/../bo/x.png',
      'users/ana/./x.png',
      'users//x.png',
      'users/ana/.hidden',
      'users/ana/x y.png',
      'users/ana/x\\y.png',
      'users/ana/%2e%2e',
      `users/ana/${'a'.repeat(101)}.png`,
      'users/ana/x.png\u0000',
      'users/ana/résumé.png',
    ]) {
      const response = await upload(name, png(), { as: 'ana' });
      expect(response.status, name).toBe(400);
      expect((await errorOf(response)).message).toMatch(/not allowed/);
    }
  });

  it('answers 403 under another user’s prefix, another host’s driveway or another’s event', async () => {
    for (const name of [
      'users/bo/avatar.png',
      `driveways/${otherDriveway}/photo.png`,
      `events/${hostEvent}/cover.png`,
      'misc/anything.png',
      `driveways/not-a-uuid/photo.png`,
    ]) {
      const response = await upload(name, png(), { as: 'ana' });
      expect(response.status, name).toBe(403);
      expect((await errorOf(response)).message).toBe(
        'You can only upload to your own profile, driveways and events.',
      );
    }
  });

  it('lets a host write under their own driveway and an event they registered', async () => {
    const photo = await upload(`driveways/${hostDriveway}/front.png`, png(), { as: 'demo-host' });
    expect(photo.status).toBe(200);
    const cover = await upload(`events/${hostEvent}/cover.png`, png(), { as: 'demo-host' });
    expect(cover.status).toBe(200);
    // The owner of the driveway sees its objects; others do not.
    expect((await getMetadata(`driveways/${hostDriveway}/front.png`, { as: 'ana' })).status).toBe(
      404,
    );
  });

  it('lets an admin write and read anywhere', async () => {
    expect((await upload('misc/banner.png', png(), { as: 'demo-admin' })).status).toBe(200);
    expect(
      (await upload(`driveways/${otherDriveway}/x.png`, png(), { as: 'demo-admin' })).status,
    ).toBe(200);
    expect((await getMetadata('users/bo/private.png', { as: 'demo-admin' })).status).toBe(200);
  });
});

describe('what may be uploaded', () => {
  it('refuses an executable renamed .png, recognising files by content', async () => {
    const response = await upload('users/ana/virus.png', exe(), { as: 'ana' });
    expect(response.status).toBe(415);
    expect((await errorOf(response)).message).toBe(
      'Only JPEG, PNG or WebP images can be uploaded.',
    );
  });

  it('accepts JPEG and WebP by their bytes', async () => {
    const jpeg = new Uint8Array(1000);
    jpeg.set([0xff, 0xd8, 0xff, 0xe0]);
    const webp = new Uint8Array(1000);
    webp.set([...'RIFF'].map((c) => c.charCodeAt(0)));
    webp.set(
      [...'WEBP'].map((c) => c.charCodeAt(0)),
      8,
    );
    const a = (await (await upload('users/ana/a.jpg', jpeg, { as: 'ana' })).json()) as UploadResult;
    const b = (await (
      await upload('users/ana/b.webp', webp, { as: 'ana' })
    ).json()) as UploadResult;
    expect([a.contentType, b.contentType]).toEqual(['image/jpeg', 'image/webp']);
    await remove('users/ana/a.jpg', { as: 'ana' });
    await remove('users/ana/b.webp', { as: 'ana' });
  });

  it('refuses an image over 5 MB with 413', async () => {
    const response = await upload('users/demo-admin/huge.png', png(6 * 1024 * 1024), {
      as: 'demo-admin',
    });
    expect(response.status).toBe(413);
    expect((await errorOf(response)).message).toBe('Images must be 5 MB or smaller.');
  });

  it('answers 402 once the user’s quota (1 MB here) is used up', async () => {
    expect((await upload('users/cy/one.png', png(600_000), { as: 'cy' })).status).toBe(200);
    const over = await upload('users/cy/two.png', png(600_000), { as: 'cy' });
    expect(over.status).toBe(402);
    expect((await errorOf(over)).message).toMatch(/used all of your storage/);
    // Overwriting the same object counts its new size only.
    expect((await upload('users/cy/one.png', png(700_000), { as: 'cy' })).status).toBe(200);
    await remove('users/cy/one.png', { as: 'cy' });
    expect((await upload('users/cy/two.png', png(600_000), { as: 'cy' })).status).toBe(200);
  });
});

describe('API tokens', () => {
  async function token(scope: 'storage:read' | 'storage:write', ownerId = 'demo-admin') {
    const secret = `pk_${crypto.randomUUID().replaceAll('-', '')}`;
    const [row] = await db
      .insert(apiTokens)
      .values({
        name: 'test',
        ownerId,
        scopes: scope === 'storage:write' ? ['read', 'storage:write'] : ['read'],
        secretHash: sha256Hex(secret),
      })
      .returning();
    return { secret, id: row!.id };
  }

  it('lets a tool upload and read with a write token, without a cookie or Origin', async () => {
    const { secret, id } = await token('storage:write');
    const response = await upload('misc/tool.png', png(), { bearer: secret });
    expect(response.status).toBe(200);
    expect((await getMetadata('misc/tool.png', { bearer: secret })).status).toBe(200);
    expect((await remove('misc/tool.png', { bearer: secret })).status).toBe(204);
    const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('lets a read token read but not write', async () => {
    const { secret } = await token('storage:read');
    expect((await getMetadata('misc/banner.png', { bearer: secret })).status).toBe(200);
    const write = await upload('misc/nope.png', png(), { bearer: secret });
    expect(write.status).toBe(403);
    expect((await remove('misc/banner.png', { bearer: secret })).status).toBe(403);
  });

  it('answers 401 to an unknown or revoked token, even with a valid session', async () => {
    const { secret, id } = await token('storage:write');
    await db.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, id));
    expect((await upload('misc/x.png', png(), { bearer: secret })).status).toBe(401);
    expect(
      (await upload('misc/x.png', png(), { bearer: 'pk_made-up-token-value-123456' })).status,
    ).toBe(401);
    const both = await getMetadata('misc/banner.png', { as: 'demo-admin', bearer: 'wrong' });
    expect(both.status).toBe(401);
  });

  it('keeps cross-site form posts out when there is no token (CSRF)', async () => {
    const body = new FormData();
    body.append('file', new Blob([png()]), 'x.png');
    const response = await fetch(`${base}/v0/b/${BUCKET}/o?name=users/ana/x.png`, {
      method: 'POST',
      headers: {
        cookie: cookies.ana!,
        origin: 'https://evil.example',
        [APP_CHECK_HEADER]: appCheck,
      },
      body,
    });
    expect(response.status).toBe(403);
  });
});
