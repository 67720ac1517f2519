/**
 * Conversations between a booking's driver and host: unread counts are each person's own,
 * sending is idempotent and rate limited, a closed booking reads only, and admins read any
 * conversation with every view on the record.
 */
import { adminAudit, admins, bookings, events, type Booking } from '@parkside/db';
import { createRateLimits, type RateLimits, type SessionUser } from '@parkside/core';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { MESSAGE_PAGE_SIZE } from '@parkside/validators';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../context';
import { createCaller } from '../../root';
import { makeListing, bookingRequest } from '../../test-marketplace';
import { insertUsers, testUser, auditRows } from '../../test-users';
import { MESSAGE_ERRORS } from './message.service';

let handle: TestDatabase;
const host = testUser('msg-host', { isHost: true, name: 'Hana Host' });
const driver = testUser('msg-driver', { name: 'Dev Driver' });
const stranger = testUser('msg-stranger');
const admin = testUser('msg-admin', { isAdmin: true, name: 'Ada Admin' });
// Two who send nothing before the rate-limit test (limits are kept per person in PostgreSQL).
const quietHost = testUser('msg-quiet-host', { isHost: true });
const quietDriver = testUser('msg-quiet-driver');
let roomy: RateLimits;
/** As `user`; with room for every message these tests send, unless `limits` says otherwise. */
const api = (user: SessionUser, limits = roomy) =>
  createCaller(createContext({ db: handle.db, user, clientIp: '198.51.100.4', limits }));
const key = () => `k-${randomUUID()}`;

async function newBooking(by = { host, driver }): Promise<Booking> {
  const { listing } = await makeListing(handle.db, by.host, { spaces: 3 });
  const request = bookingRequest(listing.id, {
    key: key(),
    plate: 'MSG 123',
    car: 'White Kia Soul',
  });
  return (await api(by.driver).booking.create(request)) as Booking;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  roomy = createRateLimits(handle.db, { messageSend: 10_000 });
  await insertUsers(handle.db, host, driver, stranger, admin, quietHost, quietDriver);
  await handle.db.insert(admins).values({ email: admin.email });
}, 60_000);
afterAll(() => handle?.close());

describe('a booking’s conversation', () => {
  it('keeps each person’s unread count their own', async () => {
    const booking = await newBooking();
    const empty = await api(host).message.thread({ bookingId: booking.id });
    expect(empty).toMatchObject({ conversationId: null, messages: [], otherName: 'Dev Driver' });

    await api(driver).message.send({ bookingId: booking.id, body: 'Hi!', clientKey: key() });
    await api(driver).message.send({
      bookingId: booking.id,
      body: 'Running 10 min late.',
      clientKey: key(),
    });
    expect(await api(host).message.unreadCount()).toBe(2);
    // What I wrote I have read.
    expect(await api(driver).message.unreadCount()).toBe(0);
    const [thread] = (await api(host).message.threads()).items;
    expect(thread).toMatchObject({
      bookingId: booking.id,
      role: 'host',
      otherName: 'Dev Driver',
      unread: 2,
      lastMessage: { body: 'Running 10 min late.', fromMe: false },
    });

    await api(host).message.send({ bookingId: booking.id, body: 'No problem.', clientKey: key() });
    // Replying is not reading what came before... but the host opens and reads the thread.
    expect(await api(host).message.markRead({ bookingId: booking.id })).toEqual({ unread: 0 });
    // Reading on one side leaves the other's count alone: the driver has the reply unread.
    expect(await api(driver).message.unreadCount()).toBe(1);
    await api(driver).message.markRead({ bookingId: booking.id });
    expect(await api(driver).message.unreadCount()).toBe(0);
    expect(await api(host).message.unreadCount()).toBe(0);

    // Bodies come back exactly as written, markup and all (pages show them as text).
    const markup = '<b>gate</b> code is 4#2 & <script>x</script>';
    await api(driver).message.send({ bookingId: booking.id, body: markup, clientKey: key() });
    const latest = await api(host).message.thread({ bookingId: booking.id });
    expect(latest.messages.at(-1)!.body).toBe(markup);
  });

  it('sends once per client key, even when retried at once', async () => {
    const booking = await newBooking();
    const clientKey = key();
    const send = () =>
      api(driver).message.send({ bookingId: booking.id, body: 'Once only', clientKey });
    const [first, second] = await Promise.all([send(), send()]);
    expect(second.id).toBe(first.id);
    expect((await send()).id).toBe(first.id);
    const thread = await api(host).message.thread({ bookingId: booking.id });
    expect(thread.messages.map((m) => m.body)).toEqual(['Once only']);
  });

  it('pages backwards through a long conversation', async () => {
    const booking = await newBooking();
    const total = MESSAGE_PAGE_SIZE + 5;
    for (let i = 1; i <= total; i += 1) {
      await api(i % 2 ? driver : host).message.send({
        bookingId: booking.id,
        body: `Message ${i}`,
        clientKey: key(),
      });
    }
    const newest = await api(driver).message.thread({ bookingId: booking.id });
    expect(newest.messages).toHaveLength(MESSAGE_PAGE_SIZE);
    expect(newest.messages.at(-1)!.body).toBe(`Message ${total}`);
    const older = await api(driver).message.thread({
      bookingId: booking.id,
      before: newest.olderCursor!,
    });
    expect(older.messages.map((m) => m.body)).toEqual(
      Array.from({ length: 5 }, (_, i) => `Message ${i + 1}`),
    );
    expect(older.olderCursor).toBeNull();
  });

  it('stays open 48 hours after a cancel for follow-up, then closes; a week after the event too', async () => {
    const cancelled = await newBooking();
    await api(driver).message.send({ bookingId: cancelled.id, body: 'Hello', clientKey: key() });
    await api(driver).booking.cancel({ bookingId: cancelled.id, reason: 'Plans changed.' });
    // Just after the cancel, the host can still answer the question asked before it.
    await api(host).message.send({ bookingId: cancelled.id, body: 'Sorry!', clientKey: key() });
    const following = await api(driver).message.thread({ bookingId: cancelled.id });
    expect(following.closedReason).toBeNull();
    const openFor = new Date(following.openUntil!).getTime() - Date.now();
    expect(openFor).toBeGreaterThan(47 * 3_600_000);
    expect(openFor).toBeLessThanOrEqual(48 * 3_600_000);

    await handle.db
      .update(bookings)
      .set({ cancelledAt: new Date(Date.now() - 49 * 3_600_000) })
      .where(eq(bookings.id, cancelled.id));
    await expect(
      api(host).message.send({ bookingId: cancelled.id, body: 'Anyone?', clientKey: key() }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: MESSAGE_ERRORS.cancelled });
    const closed = await api(host).message.thread({ bookingId: cancelled.id });
    expect(closed.closedReason).toBe(MESSAGE_ERRORS.cancelled);
    expect(closed.openUntil).toBeNull();
    expect(closed.messages).toHaveLength(2);

    const past = await newBooking();
    await handle.db
      .update(events)
      .set({
        startsAt: new Date(Date.now() - 9 * 86_400_000),
        endsAt: new Date(Date.now() - 8 * 86_400_000),
      })
      .where(eq(events.id, past.eventId));
    await expect(
      api(driver).message.send({ bookingId: past.id, body: 'Thanks!', clientKey: key() }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: MESSAGE_ERRORS.over });
  });

  it('limits how fast one person sends, across conversations, with a wait to retry', async () => {
    const booking = await newBooking({ host: quietHost, driver: quietDriver });
    const strict = createRateLimits(handle.db);
    let refused: unknown;
    for (let i = 0; i < 25 && !refused; i += 1) {
      await api(quietHost, strict)
        .message.send({ bookingId: booking.id, body: `Ping ${i}`, clientKey: key() })
        .catch((error: unknown) => {
          refused = error;
        });
    }
    expect(refused).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect((refused as Error).message).toMatch(/^You are sending messages very fast\. Please wait/);
    // The driver is not held back by the host's limit.
    await expect(
      api(quietDriver, strict).message.send({
        bookingId: booking.id,
        body: 'Hi',
        clientKey: key(),
      }),
    ).resolves.toBeTruthy();
  });

  it('answers NOT_FOUND to anyone but the booking’s two people', async () => {
    const booking = await newBooking();
    await api(driver).message.send({ bookingId: booking.id, body: 'Private', clientKey: key() });
    for (const who of [stranger, admin]) {
      await expect(api(who).message.thread({ bookingId: booking.id })).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
      await expect(
        api(who).message.send({ bookingId: booking.id, body: 'Hi', clientKey: key() }),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await api(stranger).message.threads()).items).toEqual([]);
    expect(await api(stranger).message.unreadCount()).toBe(0);
  });
});

describe('admins', () => {
  it('find and read any conversation, and every view is on the record', async () => {
    const booking = await newBooking();
    await api(driver).message.send({ bookingId: booking.id, body: 'Gate code?', clientKey: key() });
    const found = await api(admin).admin.conversations({ q: driver.email });
    const listed = found.items.find((c) => c.bookingId === booking.id)!;
    expect(listed).toMatchObject({ driverName: 'Dev Driver', hostName: 'Hana Host' });

    const first = await api(admin).admin.conversation({ id: listed.id });
    expect(first.messages.map((m) => m.body)).toEqual(['Gate code?']);
    expect(first.views).toHaveLength(1);
    const second = await api(admin).admin.conversation({ id: listed.id });
    expect(second.views).toHaveLength(2);
    expect(second.views[0]).toMatchObject({ adminEmail: admin.email, ip: '198.51.100.4' });
    const rows = await auditRows(handle.db, eq(adminAudit.targetId, listed.id));
    expect(rows.map((r) => r.action)).toEqual(['conversation.view', 'conversation.view']);

    // Reading is not taking part: nobody's unread count moved.
    expect(await api(host).message.unreadCount()).toBeGreaterThan(0);
    await expect(api(admin).admin.conversation({ id: randomUUID() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(api(host).admin.conversations({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // The booking itself is unchanged by all of it.
    const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('confirmed');
  });
});
