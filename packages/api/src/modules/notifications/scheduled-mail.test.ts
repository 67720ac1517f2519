/**
 * Mail that waits for its moment, sent by two job runners on one database (two app servers)
 * to a real SMTP server on loopback: the unread-message mail once, never for a message already
 * read, at most once an hour per conversation; the day-before reminders once, and not for a
 * booking cancelled before its time.
 */
import { parseSettings } from '../../settings';
import { jobs, type Booking } from '@parkside/db';
import { createRateLimits, type RateLimits, type SessionUser } from '@parkside/core';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { createMailer, createSmtpTransport } from '@parkside/email';
import { emailTasks } from '@parkside/email/queue';
import { startTestSmtpServer, type TestSmtpServer } from '@parkside/email/testing';
import { createJobRunner, mergeTaskSets } from '@parkside/jobs';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContext } from '../../context';
import { createCaller } from '../../root';
import { makeListing, bookingRequest } from '../../test-marketplace';
import { insertUsers, testUser } from '../../test-users';
import { scheduledMailTasks } from './scheduled-mail';

let handle: TestDatabase;
let smtp: TestSmtpServer;
let limits: RateLimits;
const host = testUser('mail-host', { isHost: true, name: 'Hana Host' });
const driver = testUser('mail-driver', { name: 'Dev Driver' });
const other = testUser('mail-other', { name: 'Olive Other' });
const MINUTE = 60_000;
const api = (user: SessionUser) =>
  createCaller(
    createContext({
      db: handle.db,
      user,
      limits,
      settings: parseSettings({ publicUrl: 'http://parkside.test' }),
    }),
  );

/** Two app servers' job runners, both with a clock `offsetMs` ahead. */
async function runBothServers(offsetMs: number) {
  const now = () => new Date(Date.now() + offsetMs);
  const mailer = createMailer({
    transport: createSmtpTransport(smtp.url),
    from: 'no-reply@parkside.test',
  });
  const { tasks } = mergeTaskSets(
    emailTasks({ db: handle.db, mailer }),
    scheduledMailTasks({ db: handle.db, publicUrl: 'http://parkside.test', now }),
  );
  const a = createJobRunner({ db: handle.db, tasks, now });
  const b = createJobRunner({ db: handle.db, tasks, now });
  // Until neither finds work: the scheduled jobs, then the mail they queued.
  for (let round = 0; round < 10; round += 1) {
    const [x, y] = await Promise.all([a.runOnce(), b.runOnce()]);
    if (x + y === 0) break;
  }
}

const mailTo = (address: string, subject: string) =>
  smtp.messages.filter((m) => m.to.includes(address) && m.subject === subject);

async function book(spaces = 3, startsInHours = 72): Promise<Booking> {
  const { listing } = await makeListing(handle.db, host, { spaces, startsInHours });
  const request = bookingRequest(listing.id, { plate: 'MAIL 42', car: 'Red Mini Cooper' });
  return (await api(driver).booking.create(request)) as Booking;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  smtp = await startTestSmtpServer();
  limits = createRateLimits(handle.db, { messageSend: 10_000 });
  await insertUsers(handle.db, host, driver, other);
}, 60_000);
beforeEach(async () => {
  // Each test runs only the jobs it queued.
  await handle.db.delete(jobs);
  smtp.messages.length = 0;
});
afterAll(async () => {
  await smtp?.close();
  await handle?.close();
});

function driverWrites(bookingId: string, body: string) {
  return api(driver).message.send({ bookingId, body, clientKey: randomUUID() });
}

describe('the unread-message e-mail', () => {
  it('goes once, 10 minutes on, for a message still unread, and at most once an hour', async () => {
    const booking = await book();
    await driverWrites(booking.id, 'Is there room for a trailer?');
    await runBothServers(5 * MINUTE);
    expect(mailTo(host.email, 'New message from Dev Driver')).toHaveLength(0);
    await runBothServers(11 * MINUTE);
    const [mail, ...more] = mailTo(host.email, 'New message from Dev Driver');
    expect(more).toHaveLength(0);
    expect(mail!.text).toContain('Is there room for a trailer?');
    expect(mail!.text).toContain(`http://parkside.test/messages?booking=${booking.id}`);
    // Nothing to the sender, who has read their own message.
    expect(
      smtp.messages.filter(
        (m) => m.to.includes(driver.email) && m.subject.startsWith('New message'),
      ),
    ).toHaveLength(0);

    // A second unread message within the hour: no second e-mail.
    await driverWrites(booking.id, 'Also, do you take cash?');
    await runBothServers(25 * MINUTE);
    expect(mailTo(host.email, 'New message from Dev Driver')).toHaveLength(1);
  });

  it('never goes for a message read before its time', async () => {
    const booking = await book();
    await api(host).message.send({
      bookingId: booking.id,
      body: 'Welcome! Park on the left.',
      clientKey: randomUUID(),
    });
    await api(driver).message.markRead({ bookingId: booking.id });
    await runBothServers(11 * MINUTE);
    expect(mailTo(driver.email, 'New message from Hana Host')).toHaveLength(0);
  });
});

describe('the day-before reminders', () => {
  it('reach the driver and the host once, and leave out a booking cancelled before its time', async () => {
    const { listing, event } = await makeListing(handle.db, host, { spaces: 3, startsInHours: 72 });
    const kept = (await api(driver).booking.create({
      listingId: listing.id,
      licensePlate: 'KEEP 1',
      vehicleDescription: 'Red Mini Cooper',
      idempotencyKey: randomUUID(),
    })) as Booking;
    const dropped = (await api(other).booking.create({
      listingId: listing.id,
      licensePlate: 'GONE 2',
      vehicleDescription: 'Blue Ford Focus',
      idempotencyKey: randomUUID(),
    })) as Booking;
    await api(other).booking.cancel({ bookingId: dropped.id, reason: 'Cannot make it.' });

    // A day and a bit before: nothing yet.
    await runBothServers(40 * 60 * MINUTE);
    expect(smtp.messages.filter((m) => m.subject.startsWith('Tomorrow'))).toHaveLength(0);
    // The day before (the event starts in 72 h; reminders at 48 h).
    await runBothServers(49 * 60 * MINUTE);
    await runBothServers(50 * 60 * MINUTE);
    const driverMail = mailTo(driver.email, `Tomorrow: your parking for ${event.title}`);
    expect(driverMail).toHaveLength(1);
    expect(driverMail[0]!.text).toContain('Park on the left side of the driveway.');
    expect(driverMail[0]!.text).toContain('https://www.google.com/maps/dir/?api=1&destination=');
    // Paid on arrival: the reminder says what to bring.
    expect(driverMail[0]!.text).toContain('Payment: Pay $20.00 to the host when you arrive');
    expect(mailTo(other.email, `Tomorrow: your parking for ${event.title}`)).toHaveLength(0);
    const hostMail = mailTo(host.email, `Tomorrow: 1 car for ${event.title}`);
    expect(hostMail).toHaveLength(1);
    expect(hostMail[0]!.text).toContain('KEEP 1');
    expect(hostMail[0]!.text).toContain('Dev Driver');
    expect(hostMail[0]!.text).not.toContain('GONE 2');
    expect(kept.status).toBe('confirmed');
  });

  it('are not sent for a booking made within a day of its event', async () => {
    await book(3, 20);
    await runBothServers(2 * 60 * MINUTE);
    expect(smtp.messages.filter((m) => m.subject.startsWith('Tomorrow'))).toHaveLength(0);
  });
});

describe('the review invitation', () => {
  it('asks both sides the morning after the event, once with two servers, not for a cancelled booking', async () => {
    const kept = await book(3, 30);
    const dropped = await book(3, 30);
    await api(driver).booking.cancel({ bookingId: dropped.id });
    const [job] = await handle.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `review-invite:${kept.id}`));
    // 9:00 in Provo (the fixtures' zone) on the day after the event ends.
    const local = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Denver',
      hour: 'numeric',
      hour12: false,
    }).format(job!.runAt);
    expect(local).toBe('09');
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now() + 30 * 3_600_000);

    await runBothServers(job!.runAt.getTime() - Date.now() + MINUTE);
    const toDriver = smtp.messages.filter(
      (m) => m.to.includes(driver.email) && m.subject.startsWith('How was your parking for'),
    );
    const toHost = smtp.messages.filter(
      (m) => m.to.includes(host.email) && m.subject === 'How was Dev as a guest?',
    );
    expect(toDriver).toHaveLength(1);
    expect(toHost).toHaveLength(1);
    expect(toDriver[0]!.text).toContain('http://parkside.test/my-bookings');
  });
});
