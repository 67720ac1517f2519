/**
 * Webhooks across two app servers on one database (decision 068): an admin registers an
 * endpoint on one server, a driver books through /api/v1 on the other, and the endpoint, down
 * for the first attempt, gets the event once it answers, signed with the secret shown once.
 */
import { createCaller, createContext } from '@parkside/api';
import { testUser } from '@parkside/api/testing';
import type { SessionUser } from '@parkside/core';
import { jobs, webhookAttempts, webhookDeliveries, webhookEvents } from '@parkside/db';
import type { TestDatabase } from '@parkside/db/testing';
import type { ApiTokenScope } from '@parkside/validators';
import { verifySignature } from '@parkside/webhooks';
import { startWebhookReceiver, type WebhookReceiver } from '@parkside/webhooks/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDatabaseWith, demoOpenListing, startTestServer, type TestServer } from './test-server';

let handle: TestDatabase;
let receiver: WebhookReceiver;
const servers: TestServer[] = [];

const driver = testUser('hook-driver', { name: 'Hana Driver' });
const admin = testUser('hook-admin', { name: 'Hugo Admin', isAdmin: true });

beforeAll(async () => {
  handle = await demoDatabaseWith(driver, admin);
  receiver = await startWebhookReceiver();
  for (let i = 0; i < 2; i += 1) {
    const server = await startTestServer(handle.db, undefined, {
      // The receiver listens on loopback.
      WEBHOOK_ALLOW_PRIVATE: 'true',
      JOBS_POLL_MS: '100',
    });
    server.services.jobs.start();
    servers.push(server);
  }
});

afterAll(async () => {
  for (const server of servers) await server.services.jobs.stop({ graceMs: 2000 });
  await Promise.all(servers.map((server) => server.close()));
  await receiver?.close();
  await handle?.close();
});

async function token(owner: SessionUser, scopes: ApiTokenScope[]) {
  const api = createCaller(createContext({ db: handle.db, user: owner }));
  return (await api.apiToken.create({ name: 'Hooks', scopes })).secret;
}

async function post(server: number, path: string, secret: string, body: unknown) {
  const response = await fetch(`${servers[server]!.base}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('a webhook endpoint', () => {
  it('gets a booking made on the other server once, on the attempt after a failure, signed', async () => {
    const adminToken = await token(admin, ['admin']);
    const created = await post(0, '/trpc/webhook.create', adminToken, {
      url: receiver.url,
      description: 'Ops bookings feed',
      events: ['booking.confirmed', 'booking.cancelled'],
    });
    expect(created.status).toBe(200);
    const endpoint = (created.body.result as { data: { id: string; secret: string } }).data;
    expect(endpoint.secret).toMatch(/^whsec_/);

    receiver.failNext(1);
    const booked = await post(1, '/v1/bookings', await token(driver, ['bookings:write']), {
      listingId: await demoOpenListing(handle.db),
      licensePlate: 'HOOK 1',
      vehicleDescription: 'White Prius',
      idempotencyKey: 'hooks-test-booking-1',
    });
    expect(booked.status).toBe(200);
    const bookingId = booked.body.id as string;

    // The first attempt fails (the receiver answers 500) and is logged with the answer.
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
    await expect
      .poll(async () => (await handle.db.select().from(webhookAttempts)).length, {
        timeout: 10_000,
      })
      .toBe(1);
    // The queue's backoff (30 s, then doubling) is tested in packages/jobs; here the retry is
    // brought forward.
    await handle.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(and(eq(jobs.task, 'webhook.deliver'), eq(jobs.status, 'pending')));
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2);

    const [first, second] = receiver.received;
    expect([first!.status, second!.status]).toEqual([500, 200]);
    expect(second!.body).toBe(first!.body);
    const event = JSON.parse(second!.body) as {
      id: string;
      type: string;
      created: string;
      data: { object: { id: string; status: string; licensePlate: string } };
    };
    expect(event.type).toBe('booking.confirmed');
    expect(event.data.object).toMatchObject({
      id: bookingId,
      status: 'confirmed',
      licensePlate: 'HOOK 1',
    });
    expect(event.data.object).not.toHaveProperty('idempotencyKey');
    expect(second!.headers['parkside-event-id']).toBe(event.id);
    const signature = second!.headers['parkside-signature'] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(endpoint.secret, second!.body, signature)).toBe(true);
    expect(verifySignature(endpoint.secret, `${second!.body} `, signature)).toBe(false);

    await expect
      .poll(async () => {
        const [delivery] = await handle.db.select().from(webhookDeliveries);
        return delivery?.status;
      })
      .toBe('delivered');
    const attempts = await handle.db.select().from(webhookAttempts);
    expect(attempts.map((a) => [a.statusCode, a.answer]).sort()).toEqual([
      [200, 'ok'],
      [500, 'Receiver is down for maintenance'],
    ]);
    // Delivered once: no third POST comes.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.received).toHaveLength(2);

    // An admin sends it again: the same event, body and id, freshly signed.
    const [delivery] = await handle.db.select().from(webhookDeliveries);
    const again = await post(1, '/trpc/webhook.sendAgain', adminToken, {
      deliveryId: delivery!.id,
    });
    expect(again.status).toBe(200);
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(3);
    expect(receiver.received[2]!.body).toBe(first!.body);
    expect(
      verifySignature(
        endpoint.secret,
        receiver.received[2]!.body,
        receiver.received[2]!.headers['parkside-signature'] as string,
      ),
    ).toBe(true);

    // Paused, it hears of nothing new: no event is even recorded.
    const paused = await post(0, '/trpc/webhook.setPaused', adminToken, {
      id: endpoint.id,
      paused: true,
    });
    expect(paused.status).toBe(200);
    const cancelled = await post(
      0,
      `/v1/bookings/${bookingId}/cancel`,
      await token(driver, ['bookings:write']),
      {},
    );
    expect(cancelled.status).toBe(200);
    const recorded = await handle.db.select({ type: webhookEvents.type }).from(webhookEvents);
    expect(recorded.map((r) => r.type)).toEqual(['booking.confirmed']);
  });

  it('is refused at a private address when the operator has not allowed it', async () => {
    const api = createCaller(createContext({ db: handle.db, user: admin }));
    await expect(
      api.webhook.create({ url: 'http://169.254.169.254/latest', events: ['booking.confirmed'] }),
    ).rejects.toThrow(/private network, loopback or link-local/);
  });
});
