/**
 * Online payments on PostgreSQL, with the real `stripe` SDK talking to a local server that
 * answers as Stripe does and signs its webhooks with the SDK's own helper: holds never oversell,
 * a hold that runs out frees its space, a late payment without a space is refunded, webhooks act
 * once, every refund path calls Stripe once with the policy's amount, and payouts pay each host
 * price minus fee, once.
 */
import { parseSettings } from '../../settings';
import { bookings, emailJobs, jobs, listings, payoutAccounts, type Booking } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { createStripeProvider, type PaymentProvider } from '@parkside/payments';
import { startStripeTestServer, type StripeTestServer } from '@parkside/payments/testing';
import { bookingCreateInput } from '@parkside/validators';
import type { SessionUser } from '@parkside/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeListing } from '../../test-marketplace';
import { insertUsers, testUser } from '../../test-users';
import {
  cancelBooking,
  createBooking,
  defaultBookingRules,
  FILLED_UP_MESSAGE,
  releaseBooking,
  type BookingRules,
} from '../booking/booking.service';
import { cancelEvent } from '../event/event-status.service';
import { createJobRunner } from '@parkside/jobs';
import { joinWaitlist } from '../waitlist/waitlist.service';
import { paymentTasks } from './payment-tasks';
import { expireHold, handlePaymentEvent, sendRefund } from './payment.service';
import { runPayouts } from './payout.service';

const SITE = 'http://localhost:3000';
const webhookSecret = 'whsec_payment_tests';
let handle: TestDatabase;
let stripe: StripeTestServer;
let receiver: Server;
let payments: PaymentProvider;
let rules: BookingRules;
let counter = 0;

const host = testUser('pay-host', { isHost: true });
const driver = testUser('pay-driver');

async function activePayouts(user: SessionUser) {
  const { accountId } = await payments.createPayoutAccount({
    userId: user.id,
    email: user.email,
    idempotencyKey: `account:${user.id}`,
  });
  await handle.db
    .insert(payoutAccounts)
    .values({ userId: user.id, providerAccountId: accountId })
    .onConflictDoNothing();
  await stripe.completeOnboarding(accountId);
  return accountId;
}

const request = (listingId: string, key = `payment-key-${(counter += 1)}`) =>
  bookingCreateInput.parse({
    listingId,
    licensePlate: 'PAY 1',
    vehicleDescription: 'Red Mazda 3',
    idempotencyKey: key,
  });

async function reload(id: string) {
  const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

/** Runs every queued refund job, as the job runner would. */
async function runRefunds() {
  const queued = await handle.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.task, 'payments.refund'), eq(jobs.status, 'pending')));
  for (const { payload } of queued) {
    await sendRefund(handle.db, payments, (payload as { bookingId: string }).bookingId);
  }
}

const refundsOf = (booking: Booking) =>
  stripe.refunds.filter((r) => r.payment_intent === booking.paymentIntentId);

beforeAll(async () => {
  handle = await createTestDatabase();
  stripe = await startStripeTestServer({ webhookSecret });
  payments = createStripeProvider({
    secretKey: 'sk_test_parkside',
    webhookSecret,
    apiBase: stripe.url,
  });
  rules = { ...defaultBookingRules, payments, settings: parseSettings({ publicUrl: SITE }) };
  // What /webhooks/stripe does: verify the signature, then handle the event once.
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let event;
      try {
        event = payments.parseWebhook(
          Buffer.concat(chunks),
          req.headers['stripe-signature'] as string,
        );
      } catch {
        return res.writeHead(400).end();
      }
      handlePaymentEvent(handle.db, event, SITE).then(
        (outcome) => res.writeHead(200).end(outcome),
        () => res.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  stripe.setWebhookUrl(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`);
  await insertUsers(handle.db, host, driver);
  await activePayouts(host);
});

afterAll(async () => {
  await stripe?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  await handle?.close();
});

beforeEach(() => {
  stripe.requests.length = 0;
});

describe('paying for a space online', () => {
  it('holds the space, sends the driver to Checkout for the stored price, and confirms on the signed webhook', async () => {
    const { listing } = await makeListing(handle.db, host, { spaces: 2 });
    const held = await createBooking(handle.db, driver, request(listing.id, 'pay-once-key'), rules);
    expect(held).toMatchObject({ status: 'pending_payment', paymentStatus: 'pending' });
    expect(held.holdExpiresAt!.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(held.checkoutUrl).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    const session = stripe.sessions.get(held.checkoutSessionId!)!;
    expect(session).toMatchObject({ amount_total: 2000, metadata: { bookingId: held.id } });
    expect(session.success_url).toBe(`${SITE}/booking-success?booking=${held.id}`);

    // The same request again (a double click, a retry): the same booking and payment page.
    const again = await createBooking(
      handle.db,
      driver,
      request(listing.id, 'pay-once-key'),
      rules,
    );
    expect(again.checkoutUrl).toBe(held.checkoutUrl);
    expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(1);
    expect(stripe.requests[0]!.idempotencyKey).toBe(`checkout:${held.id}`);

    expect(await stripe.completeCheckout(held.checkoutSessionId!)).toBe(200);
    const paid = await reload(held.id);
    expect(paid).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', checkoutUrl: null });
    expect(paid.paymentIntentId).toMatch(/^pi_test_/);
    const mail = await handle.db
      .select({ kind: emailJobs.kind, text: emailJobs.textBody })
      .from(emailJobs)
      .where(eq(emailJobs.toAddress, driver.email));
    expect(mail.find((m) => m.kind === 'booking-confirmed-driver')?.text).toContain(
      'Payment: Paid $20.00 by card',
    );
  });

  it('gives 50 drivers paying at once for 3 spaces exactly 3 holds and at most 3 charges', async () => {
    const { listing } = await makeListing(handle.db, host, { spaces: 3 });
    const drivers = Array.from({ length: 50 }, (_, i) => testUser(`rush-pay-${i}`));
    await insertUsers(handle.db, ...drivers);
    const results = await Promise.allSettled(
      drivers.map((d) => createBooking(handle.db, d, request(listing.id), rules)),
    );
    const held = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(held).toHaveLength(3);
    for (const r of refused) expect(r.reason).toMatchObject({ message: FILLED_UP_MESSAGE });
    const sessions = [...stripe.sessions.values()].filter((s) =>
      held.some((b) => b.checkoutSessionId === s.id),
    );
    expect(sessions).toHaveLength(3);
    // Everybody who got a payment page pays: three charges, three confirmed bookings.
    await Promise.all(held.map((b) => stripe.completeCheckout(b.checkoutSessionId!)));
    const rows = await handle.db.select().from(bookings).where(eq(bookings.listingId, listing.id));
    expect(rows.filter((b) => b.status === 'confirmed' && b.paymentStatus === 'paid')).toHaveLength(
      3,
    );
    expect(rows).toHaveLength(3);
  });

  it('books "due on arrival" when the host has no active payouts', async () => {
    const newHost = testUser('pay-host-unset', { isHost: true });
    await insertUsers(handle.db, newHost);
    const { listing } = await makeListing(handle.db, newHost, { spaces: 1 });
    const booking = await createBooking(handle.db, driver, request(listing.id), rules);
    expect(booking).toMatchObject({ status: 'confirmed', paymentStatus: 'due_on_arrival' });
    expect(stripe.requests).toHaveLength(0);
  });
});

describe('a hold that runs out', () => {
  async function expireNow(booking: Booking) {
    await handle.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, booking.id));
  }

  it('frees its space, closes the payment page, and lets the next driver book', async () => {
    const { listing } = await makeListing(handle.db, host, { spaces: 1 });
    const held = await createBooking(handle.db, driver, request(listing.id), rules);
    const next = testUser(`next-${counter}`);
    await insertUsers(handle.db, next);
    await expect(createBooking(handle.db, next, request(listing.id), rules)).rejects.toMatchObject({
      message: FILLED_UP_MESSAGE,
    });
    // The job is not due yet: it refuses to run early.
    await expect(expireHold(handle.db, payments, held.id, SITE)).rejects.toThrow(/not run out/);
    await expireNow(held);
    await expireHold(handle.db, payments, held.id, SITE);
    expect(await reload(held.id)).toMatchObject({ status: 'expired', paymentStatus: 'void' });
    expect(stripe.sessions.get(held.checkoutSessionId!)!.status).toBe('expired');
    const theirs = await createBooking(handle.db, next, request(listing.id), rules);
    expect(theirs.status).toBe('pending_payment');
  });

  it('is ended by its job once with two servers running workers, and the wait-list is told', async () => {
    const { listing, event } = await makeListing(handle.db, host, { spaces: 1 });
    const held = await createBooking(handle.db, driver, request(listing.id), rules);
    const waiting = testUser(`waiting-${counter}`);
    await insertUsers(handle.db, waiting);
    await joinWaitlist(handle.db, waiting, event.id);
    await expireNow(held);
    await handle.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.key, `hold:${held.id}`));
    const { tasks } = paymentTasks({ db: handle.db, payments, publicUrl: SITE });
    const servers = [
      createJobRunner({ db: handle.db, tasks }),
      createJobRunner({ db: handle.db, tasks }),
    ];
    await Promise.all(servers.map((runner) => runner.runOnce()));
    expect(await reload(held.id)).toMatchObject({ status: 'expired', paymentStatus: 'void' });
    const expires = stripe.requests.filter(
      (r) => r.path === `/v1/checkout/sessions/${held.checkoutSessionId}/expire`,
    );
    expect(expires).toHaveLength(1);
    const told = await handle.db
      .select({ subject: emailJobs.subject })
      .from(emailJobs)
      .where(and(eq(emailJobs.toAddress, waiting.email), eq(emailJobs.kind, 'waitlist-spaces')));
    expect(told).toHaveLength(1);
  });

  it('paid ∥ the driver leaving the payment page: paid and confirmed, or expired with nothing charged', async () => {
    for (let round = 0; round < 10; round += 1) {
      const { listing } = await makeListing(handle.db, host, { spaces: 1 });
      const held = await createBooking(handle.db, driver, request(listing.id), rules);
      const sessionId = held.checkoutSessionId!;
      const [paid, left] = await Promise.allSettled([
        stripe.completeCheckout(sessionId),
        releaseBooking(handle.db, driver, held.id, rules),
      ]);
      expect(left.status).toBe('fulfilled');
      const row = await reload(held.id);
      const session = stripe.sessions.get(sessionId)!;
      if (session.status === 'complete') {
        // The payment came first: the webhook (answered 200) confirmed the space.
        expect(paid).toEqual({ status: 'fulfilled', value: 200 });
        expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
      } else {
        // The driver left first: the payment page was closed, so nothing could be charged.
        expect(session.status).toBe('expired');
        expect(paid).toEqual({ status: 'fulfilled', value: 0 });
        expect(row).toMatchObject({ status: 'expired', paymentStatus: 'void' });
      }
    }
  });

  it('is freed at once when the driver leaves the payment page', async () => {
    const { listing } = await makeListing(handle.db, host, { spaces: 1 });
    const held = await createBooking(handle.db, driver, request(listing.id), rules);
    const stranger = testUser('pay-stranger');
    await insertUsers(handle.db, stranger);
    await expect(releaseBooking(handle.db, stranger, held.id, rules)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await releaseBooking(handle.db, driver, held.id, rules)).status).toBe('expired');
    const [row] = await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(and(eq(bookings.listingId, listing.id), eq(bookings.status, 'pending_payment')));
    expect(row!.n).toBe(0);
  });

  it('refunds a payment that arrives after the space went to someone else, and tells the driver', async () => {
    const { listing } = await makeListing(handle.db, host, { spaces: 1 });
    const held = await createBooking(handle.db, driver, request(listing.id), rules);
    await expireNow(held);
    const other = testUser(`other-${counter}`);
    await insertUsers(handle.db, other);
    const theirs = await createBooking(handle.db, other, request(listing.id), rules);
    expect(theirs.status).toBe('pending_payment');

    // The first driver's payment page was still open at Stripe: they pay late.
    expect(await stripe.completeCheckout(held.checkoutSessionId!)).toBe(200);
    const late = await reload(held.id);
    expect(late).toMatchObject({
      status: 'expired',
      paymentStatus: 'refund_pending',
      refundCents: 2000,
    });
    await runRefunds();
    expect(await reload(held.id)).toMatchObject({ paymentStatus: 'refunded' });
    expect(refundsOf(late)).toEqual([expect.objectContaining({ amount: 2000 })]);
    const [mail] = await handle.db
      .select({ subject: emailJobs.subject })
      .from(emailJobs)
      .where(
        and(eq(emailJobs.toAddress, driver.email), eq(emailJobs.kind, 'payment-refunded-no-space')),
      );
    expect(mail!.subject).toMatch(/was refunded/);
  });

  it('still confirms a late payment when a space is free', async () => {
    const { listing } = await makeListing(handle.db, host, { spaces: 2 });
    const held = await createBooking(handle.db, driver, request(listing.id), rules);
    await expireNow(held);
    await stripe.completeCheckout(held.checkoutSessionId!);
    expect(await reload(held.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });
});

describe('webhooks', () => {
  it('act once: a replayed event changes nothing, a forged one is refused', async () => {
    const { listing } = await makeListing(handle.db, host, { spaces: 1 });
    const held = await createBooking(handle.db, driver, request(listing.id), rules);
    const session = stripe.sessions.get(held.checkoutSessionId!)!;
    const completed = {
      ...session,
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_test_replay',
    };
    expect(await stripe.sendEvent('checkout.session.completed', completed, 'evt_test_once')).toBe(
      200,
    );
    const first = await reload(held.id);
    expect(first.status).toBe('confirmed');
    const mails = async () =>
      (
        await handle.db
          .select()
          .from(emailJobs)
          .where(eq(emailJobs.kind, 'booking-confirmed-driver'))
      ).length;
    const before = await mails();
    // Stripe delivers the same event again, and an expiry for the same session.
    expect(await stripe.sendEvent('checkout.session.completed', completed, 'evt_test_once')).toBe(
      200,
    );
    await stripe.sendEvent('checkout.session.expired', { ...session, status: 'expired' });
    expect(await reload(held.id)).toEqual(first);
    expect(await mails()).toBe(before);

    const forged = await fetch(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`, {
      method: 'POST',
      headers: { 'stripe-signature': 't=1,v1=00' },
      body: JSON.stringify({
        id: 'evt_forged',
        type: 'checkout.session.completed',
        data: { object: completed },
      }),
    });
    expect(forged.status).toBe(400);
  });
});

describe('refunds', () => {
  async function paidBooking(spaces = 2, startsInHours = 72) {
    const { listing, event } = await makeListing(handle.db, host, { spaces, startsInHours });
    const held = await createBooking(handle.db, driver, request(listing.id), rules);
    await stripe.completeCheckout(held.checkoutSessionId!);
    return { booking: await reload(held.id), event, listing };
  }

  it('go back through Stripe once, for the amount the policy gives, on every path', async () => {
    const early = await paidBooking();
    await cancelBooking(handle.db, driver, { bookingId: early.booking.id }, rules);
    const lateOne = await paidBooking(2, 5);
    await cancelBooking(handle.db, driver, { bookingId: lateOne.booking.id }, rules);
    const byHost = await paidBooking();
    await cancelBooking(
      handle.db,
      host,
      { bookingId: byHost.booking.id, reason: 'Driveway repaved' },
      rules,
    );
    const byEvent = await paidBooking();
    await cancelEvent(handle.db, { id: byEvent.event.id, reason: 'Storm' }, { publicUrl: SITE });

    expect(await reload(early.booking.id)).toMatchObject({
      paymentStatus: 'refund_pending',
      refundCents: 2000,
    });
    // Cancelled 5 hours before: no refund under the policy, so Stripe is not called.
    expect(await reload(lateOne.booking.id)).toMatchObject({
      paymentStatus: 'paid',
      refundCents: 0,
    });

    stripe.failNext('/v1/refunds', 1);
    await expect(runRefunds()).rejects.toThrow();
    await runRefunds();
    await runRefunds();
    for (const { booking } of [early, byHost, byEvent]) {
      expect(await reload(booking.id)).toMatchObject({
        paymentStatus: 'refunded',
        refundCents: 2000,
      });
      expect(refundsOf(booking)).toEqual([expect.objectContaining({ amount: 2000 })]);
    }
    expect(refundsOf(lateOne.booking)).toEqual([]);
    const calls = stripe.requests.filter((r) => r.path === '/v1/refunds');
    expect(new Set(calls.map((c) => c.idempotencyKey))).toEqual(
      new Set([early, byHost, byEvent].map(({ booking }) => `refund:${booking.id}`)),
    );
  });
});

describe('host payouts', () => {
  it('pay each host price minus fee for an ended event, once', async () => {
    const second = testUser('pay-host-2', { isHost: true });
    const idle = testUser('pay-host-idle', { isHost: true });
    await insertUsers(handle.db, second, idle);
    const secondAccount = await activePayouts(second);
    const a = await makeListing(handle.db, host, { spaces: 3 });
    const b = await makeListing(handle.db, second, { spaces: 3 });
    const paid: Booking[] = [];
    for (const [listing, n] of [
      [a.listing, 2],
      [b.listing, 1],
    ] as const) {
      for (let i = 0; i < n; i += 1) {
        const held = await createBooking(handle.db, driver, request(listing.id), rules);
        await stripe.completeCheckout(held.checkoutSessionId!);
        paid.push(await reload(held.id));
      }
    }
    // One of host's bookings is cancelled (and refunded): it earns nothing.
    await cancelBooking(handle.db, driver, { bookingId: paid[0]!.id }, rules);
    // Both events end; b's listing moves onto a's event so one event has two hosts.
    await handle.db
      .update(listings)
      .set({ eventId: a.event.id })
      .where(eq(listings.id, b.listing.id));
    await handle.db
      .update(bookings)
      .set({ eventId: a.event.id })
      .where(eq(bookings.listingId, b.listing.id));
    await handle.db.execute(
      sql`update events set starts_at = now() - interval '5 hours', ends_at = now() - interval '1 hour' where id = ${a.event.id}`,
    );
    const transfersBefore = stripe.transfers.length;
    await Promise.all([runPayouts(handle.db, payments), runPayouts(handle.db, payments)]);
    await runPayouts(handle.db, payments);
    const made = stripe.transfers.slice(transfersBefore);
    const hostAccount = (
      await handle.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, host.id))
    )[0]!.providerAccountId;
    expect(made).toHaveLength(2);
    expect(made.find((t) => t.destination === hostAccount)!.amount).toBe(paid[1]!.hostPayoutCents);
    expect(made.find((t) => t.destination === secondAccount)!.amount).toBe(
      paid[2]!.hostPayoutCents,
    );
    expect(paid[1]!.hostPayoutCents).toBe(2000 - paid[1]!.platformFeeCents);
    const rows = await handle.db
      .select({ payoutId: bookings.payoutId })
      .from(bookings)
      .where(
        inArray(
          bookings.id,
          paid.map((p) => p.id),
        ),
      );
    expect(rows.filter((r) => r.payoutId)).toHaveLength(2);
  });
});
