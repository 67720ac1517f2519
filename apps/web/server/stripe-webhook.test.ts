/**
 * Payments over HTTP, on two app servers sharing one PostgreSQL database, with the real Stripe
 * SDK talking to a local server that answers as Stripe does: a host sets up payouts, a driver
 * books on server A and is sent to Checkout, Stripe's signed webhook reaches server B and the
 * booking is confirmed for A too; unsigned, forged and replayed calls change nothing; without
 * Stripe keys the endpoint answers 503.
 */
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { startStripeTestServer, type StripeTestServer } from '@parkside/payments/testing';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from './demo-data';
import { startTestServer, type TestServer } from './test-server';

const serverUrl = process.env.TEST_DATABASE_URL;
const webhookSecret = 'whsec_http_tests';
let handle: TestDatabase;
let stripe: StripeTestServer;
let plain: TestServer;
const servers: TestServer[] = [];

async function trpc(
  server: TestServer,
  cookie: string,
  path: string,
  input?: unknown,
  query = false,
) {
  const url = `${server.base}/api/trpc/${path}${
    query && input !== undefined ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''
  }`;
  const response = await fetch(url, {
    method: query ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: server.base },
    body: query ? undefined : JSON.stringify(input ?? null),
  });
  const body = (await response.json()) as { result?: { data: unknown }; error?: unknown };
  return { status: response.status, data: body.result?.data as never };
}

describe.skipIf(!serverUrl)('payments over HTTP', () => {
  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedDemo(handle.db);
    stripe = await startStripeTestServer({ webhookSecret });
    const env = {
      STRIPE_SECRET_KEY: 'sk_test_http',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_http',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: stripe.url,
    };
    for (let i = 0; i < 2; i += 1) servers.push(await startTestServer(handle.db, undefined, env));
    plain = await startTestServer(handle.db);
    // Stripe calls server B.
    stripe.setWebhookUrl(`${servers[1]!.base}/webhooks/stripe`);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([...servers, plain].map((s) => s?.close()));
    await stripe?.close();
    await handle?.close();
  });

  it('answers 503 without Stripe keys, and 400 to unsigned or forged calls', async () => {
    const off = await fetch(`${plain.base}/webhooks/stripe`, { method: 'POST', body: '{}' });
    expect(off.status).toBe(503);
    const [a] = servers as [TestServer];
    const payload = JSON.stringify({
      id: 'evt_x',
      type: 'checkout.session.completed',
      data: { object: {} },
    });
    const unsigned = await fetch(`${a.base}/webhooks/stripe`, { method: 'POST', body: payload });
    expect(unsigned.status).toBe(400);
    const forged = await fetch(`${a.base}/webhooks/stripe`, {
      method: 'POST',
      headers: {
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: 'whsec_wrong',
        }),
      },
      body: payload,
    });
    expect(forged.status).toBe(400);
    expect(await forged.text()).not.toMatch(/stack|at \//);
  });

  it('takes a host through payout setup and a driver through Checkout, across two servers', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const host = await a.cookieFor('demo-host');
    const driver = await a.cookieFor('demo-driver');

    // The host sets up payouts on A; Stripe's account.updated arrives at B.
    expect((await trpc(a, host, 'payout.status', undefined, true)).data).toMatchObject({
      online: true,
      status: 'not_started',
    });
    const setup = await trpc(a, host, 'payout.setup');
    expect(setup.status).toBe(200);
    const accountId = new URL((setup.data as { url: string }).url).pathname.split('/').pop()!;
    expect(await stripe.completeOnboarding(accountId)).toBe(200);
    expect((await trpc(a, host, 'payout.status', undefined, true)).data).toMatchObject({
      status: 'active',
    });

    // The driver books one of the host's listings on A: a hold and a payment page.
    const [listing] = (await handle.db.execute(
      sql`select l.id from listings l join driveways d on d.id = l.driveway_id
        join events e on e.id = l.event_id
        where d.host_id = 'demo-host' and e.starts_at > now() order by e.starts_at limit 1`,
    )) as unknown as { id: string }[];
    expect(
      (await trpc(a, driver, 'booking.preview', { listingId: listing!.id }, true)).data,
    ).toMatchObject({
      payOnline: true,
    });
    const booked = await trpc(a, driver, 'booking.create', {
      listingId: listing!.id,
      licensePlate: 'HTTP 1',
      vehicleDescription: 'White Ford Transit',
      idempotencyKey: randomUUID(),
    });
    const booking = booked.data as {
      id: string;
      status: string;
      checkoutUrl: string;
      checkoutSessionId: string;
    };
    expect(booking.status).toBe('pending_payment');
    expect(booking.checkoutUrl).toMatch(new RegExp(`^${stripe.url}/c/pay/`));

    // The driver pays; the webhook reaches B; A shows the booking confirmed and paid.
    expect(await stripe.completeCheckout(booking.checkoutSessionId)).toBe(200);
    const seen = await trpc(a, driver, 'booking.byId', { bookingId: booking.id }, true);
    expect(seen.data).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });

    // Stripe delivers the same event again, to A this time: nothing changes.
    const completed = stripe.delivered.find((d) => d.type === 'checkout.session.completed')!;
    stripe.setWebhookUrl(`${a.base}/webhooks/stripe`);
    const session = stripe.sessions.get(booking.checkoutSessionId)!;
    expect(await stripe.sendEvent('checkout.session.completed', session, completed.id)).toBe(200);
    const [row] = (await handle.db.execute(
      sql`select count(*)::int as n from email_jobs where kind = 'booking-confirmed-driver'
        and to_address = 'driver@example.com'`,
    )) as unknown as { n: number }[];
    expect(row!.n).toBe(1);
    stripe.setWebhookUrl(`${b.base}/webhooks/stripe`);
  });
});
