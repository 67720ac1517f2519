/**
 * Google Wallet objects follow their bookings through the job queue (decision 066), against a
 * local server that answers as Google's token endpoint and Wallet API do: a booking made queues
 * its object; the job makes the class and the object at Google before the pass offers the save
 * link; a cancel turns the object inactive; Google away means a retry, not a lost change; and
 * with Google Wallet off no job is queued at all.
 */
import { setGoogleWalletSync } from '@parkside/api';
import { jobs } from '@parkside/db';
import {
  makeGoogleTestKey,
  startGoogleWalletTestServer,
  type GoogleWalletTestServer,
} from '@parkside/wallet/testing';
import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOpenListing, serverForFile } from './test-server';

const ISSUER = '3388000000022222222';
const key = makeGoogleTestKey();
let google: GoogleWalletTestServer;
let cookie: string;

beforeAll(async () => {
  google = await startGoogleWalletTestServer(key);
});
afterAll(() => google?.close());
const site = serverForFile({
  env: () => ({
    GOOGLE_WALLET_ISSUER_ID: ISSUER,
    GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify({
      type: 'service_account',
      client_email: key.serviceAccountEmail,
      private_key: key.privateKey,
      token_uri: google.tokenUrl,
    }),
    GOOGLE_WALLET_API_URL: google.apiUrl,
  }),
});
beforeAll(async () => {
  await setGoogleWalletSync(site.handle.db, site.server.services.wallet.google !== null);
  cookie = await site.server.cookieFor('demo-driver');
});

async function call(path: string, input: unknown) {
  const response = await fetch(`${site.server.base}/api/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: site.server.base },
    body: JSON.stringify(input),
  });
  const body = (await response.json()) as { result: { data: Record<string, unknown> } };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.result.data;
}

async function pass(bookingId: string) {
  const response = await fetch(
    `${site.server.base}/api/trpc/pass.get?input=${encodeURIComponent(JSON.stringify({ bookingId }))}`,
    { headers: { cookie } },
  );
  return ((await response.json()) as { result: { data: { googleWalletSaved: boolean } } }).result
    .data;
}

const queued = (bookingId: string) =>
  site.handle.db
    .select({ attempts: jobs.attempts, lastError: jobs.lastError, status: jobs.status })
    .from(jobs)
    .where(
      and(eq(jobs.task, 'wallet.google-object'), sql`${jobs.payload}->>'bookingId' = ${bookingId}`),
    );

async function book() {
  const booking = await call('booking.create', {
    listingId: await demoOpenListing(site.handle.db),
    licensePlate: 'WLT 066',
    vehicleDescription: 'Green Subaru Forester',
    idempotencyKey: randomUUID(),
  });
  return String(booking.id);
}

describe('Google Wallet objects through the job queue', () => {
  it("saves a new booking's object at Google before its pass offers the link, and deactivates it on cancel", async () => {
    const bookingId = await book();
    const objectId = `${ISSUER}.${bookingId.replace(/-/g, '')}`;
    expect(await queued(bookingId)).toEqual([expect.objectContaining({ status: 'pending' })]);
    // Until the job has run, Google has nothing: the pass offers no link yet.
    expect((await pass(bookingId)).googleWalletSaved).toBe(false);

    await site.server.services.jobs.runOnce();
    expect(google.classes.has(`${ISSUER}.parkside_parking_pass`)).toBe(true);
    expect(google.objects.get(objectId)).toMatchObject({
      state: 'ACTIVE',
      textModulesData: expect.arrayContaining([
        expect.objectContaining({ id: 'plate', body: 'WLT 066' }),
      ]),
    });
    expect((await pass(bookingId)).googleWalletSaved).toBe(true);

    await call('booking.cancel', { bookingId });
    expect(await queued(bookingId)).toContainEqual(expect.objectContaining({ status: 'pending' }));
    await site.server.services.jobs.runOnce();
    expect(google.objects.get(objectId)).toMatchObject({ state: 'INACTIVE' });
    expect((await pass(bookingId)).googleWalletSaved).toBe(false);
  });

  it('keeps the change when Google is away: the job fails its attempt and is tried again', async () => {
    const bookingId = await book();
    google.failNext(5);
    await site.server.services.jobs.runOnce();
    const [job] = await queued(bookingId);
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job!.lastError).toMatch(/Google Wallet answered 503/);
    expect(google.objects.has(`${ISSUER}.${bookingId.replace(/-/g, '')}`)).toBe(false);
  });

  it('queues nothing while Google Wallet is off', async () => {
    await setGoogleWalletSync(site.handle.db, false);
    try {
      const bookingId = await book();
      expect(await queued(bookingId)).toEqual([]);
    } finally {
      await setGoogleWalletSync(site.handle.db, site.server.services.wallet.google !== null);
    }
  });
});
