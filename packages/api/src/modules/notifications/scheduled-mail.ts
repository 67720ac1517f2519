/**
 * Mail that waits for its moment, through the durable job queue: the day-before reminders to
 * drivers and hosts and the review invitations ("new message" mail is in unread-mail.ts). Each job
 * has a key, so it exists once however many servers queued it, and the runner's leases run it
 * once; each task checks again, when it runs, that its mail is still due.
 */
import { loadBookingsWithPeople, selectBookingPlaces } from '../../shared/booking-places';
import { bookings, driveways, events, users, type Database } from '@parkside/db';
import {
  bookingReminderDriverEmail,
  bookingReminderHostEmail,
  reviewInviteEmail,
} from '@parkside/email';
import { enqueueEmails, type QueuedEmail } from '@parkside/email/queue';
import { defineTask, enqueueJobs, handlerOf, jobOf, taskSet, type TaskSet } from '@parkside/jobs';
import { driverMoneyLine, fromZonedInput, toZonedInput } from '@parkside/validators';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { firstName, summaryOf } from './booking-rows';
import { formatInZone } from './format';
import { sendUnreadMail, unreadMailTask } from './unread-mail';

const bookingPayload = z.object({ bookingId: z.uuid() });
export const driverReminderTask = defineTask('booking.reminder-driver', bookingPayload);
export const hostReminderTask = defineTask(
  'booking.reminder-host',
  z.object({ hostId: z.string().min(1), eventId: z.uuid() }),
);
export const reviewInviteTask = defineTask('booking.review-invite', bookingPayload);
/** The morning after the event, at this local hour, both sides are asked for a review. */
export const REVIEW_INVITE_HOUR = 9;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** In the booking's transaction: the reminders for the day before its event. */
export async function queueReminders(
  tx: Database,
  booking: { id: string; eventId: string; createdAt: Date },
  event: { startsAt: Date; endsAt: Date; timeZone: string },
  hostId: string | null,
) {
  await enqueueJobs(tx, [
    jobOf(
      reviewInviteTask,
      { bookingId: booking.id },
      { runAt: reviewInviteTime(event), key: `review-invite:${booking.id}` },
    ),
  ]);
  const runAt = new Date(event.startsAt.getTime() - DAY_MS);
  // Booked within a day of the event: the confirmation was the reminder.
  if (booking.createdAt >= runAt) return;
  await enqueueJobs(tx, [
    jobOf(
      driverReminderTask,
      { bookingId: booking.id },
      { runAt, key: `reminder-driver:${booking.id}` },
    ),
    ...(hostId
      ? [
          jobOf(
            hostReminderTask,
            { hostId, eventId: booking.eventId },
            { runAt, key: `reminder-host:${hostId}:${booking.eventId}` },
          ),
        ]
      : []),
  ]);
}

async function sendDriverReminder(
  db: Database,
  publicUrl: string,
  { bookingId }: { bookingId: string },
  now: Date,
) {
  const [row] = await loadBookingsWithPeople(db, [bookingId]);
  // Cancelled before its time, or the event moved, was called off or has begun: no reminder.
  if (!row?.driver || row.booking.status !== 'confirmed' || row.event.status !== 'scheduled')
    return;
  if (row.event.startsAt <= now) return;
  const { booking, driveway } = row;
  await enqueueEmails(db, [
    {
      to: row.driver.email,
      kind: 'booking-reminder-driver',
      ...bookingReminderDriverEmail({
        name: row.driver.name,
        booking: summaryOf(row),
        accessInstructions: driveway.accessInstructions,
        // Paid on arrival, the driver needs to know to bring the money.
        payment: driverMoneyLine(booking),
        directionsUrl: `https://www.google.com/maps/dir/?api=1&destination=${driveway.latitude},${driveway.longitude}`,
        url: new URL(`/booking-success?booking=${booking.id}`, publicUrl).toString(),
        passUrl: new URL(`/bookings/${booking.id}/pass`, publicUrl).toString(),
      }),
    },
  ]);
}

async function sendHostReminder(
  db: Database,
  publicUrl: string,
  { hostId, eventId }: { hostId: string; eventId: string },
  now: Date,
) {
  const [host] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, hostId));
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!host || !event || event.status !== 'scheduled' || event.startsAt <= now) return;
  const cars = await selectBookingPlaces(db, {
    drivewayTitle: driveways.title,
    driverName: sql<string>`coalesce(${users.name}, 'A driver')`,
    plate: sql<string>`coalesce(${bookings.licensePlate}, 'no plate given')`,
    vehicle: sql<string>`coalesce(${bookings.vehicleDescription}, 'vehicle not given')`,
  })
    .leftJoin(users, eq(users.id, bookings.driverId))
    .where(
      and(
        eq(bookings.eventId, eventId),
        eq(driveways.hostId, hostId),
        eq(bookings.status, 'confirmed'),
      ),
    )
    .orderBy(asc(driveways.title), asc(bookings.createdAt));
  if (cars.length === 0) return; // every booking was cancelled before its time
  await enqueueEmails(db, [
    {
      to: host.email,
      kind: 'booking-reminder-host',
      ...bookingReminderHostEmail({
        name: host.name,
        eventTitle: event.title,
        eventStarts: formatInZone(event.startsAt, event.timeZone),
        cars,
        url: new URL('/my-listings', publicUrl).toString(),
      }),
    },
  ]);
}

/** 9:00 in the event's zone on the day after it ends. */
export function reviewInviteTime(event: { endsAt: Date; timeZone: string }): Date {
  const endDay = toZonedInput(event.endsAt, event.timeZone).slice(0, 10);
  const next = new Date(`${endDay}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const local = `${next.toISOString().slice(0, 10)}T${String(REVIEW_INVITE_HOUR).padStart(2, '0')}:00`;
  return new Date(fromZonedInput(local, event.timeZone)!);
}

/** Asks the driver and the host of a booking that stood to review each other. */
async function sendReviewInvites(
  db: Database,
  publicUrl: string,
  { bookingId }: { bookingId: string },
) {
  const [row] = await loadBookingsWithPeople(db, [bookingId]);
  if (!row || row.booking.status !== 'confirmed' || row.event.status === 'cancelled') return;
  const mail: QueuedEmail[] = [];
  if (row.driver) {
    mail.push({
      to: row.driver.email,
      kind: 'review-invite-driver',
      ...reviewInviteEmail({
        name: row.driver.name,
        eventTitle: row.event.title,
        subject: row.driveway.title,
        role: 'driver',
        url: new URL('/my-bookings', publicUrl).toString(),
      }),
    });
  }
  if (row.host) {
    mail.push({
      to: row.host.email,
      kind: 'review-invite-host',
      ...reviewInviteEmail({
        name: row.host.name,
        eventTitle: row.event.title,
        subject: firstName(row.driver?.name, 'Your guest'),
        role: 'host',
        url: new URL('/my-listings', publicUrl).toString(),
      }),
    });
  }
  await enqueueEmails(db, mail);
}

/** The tasks for the job runner of every app server. */
export function scheduledMailTasks({
  db,
  publicUrl,
  now = () => new Date(),
}: {
  db: Database;
  publicUrl: string;
  now?: () => Date;
}): TaskSet {
  return taskSet([
    handlerOf(unreadMailTask, (payload) => sendUnreadMail(db, publicUrl, payload, now())),
    handlerOf(driverReminderTask, (payload) => sendDriverReminder(db, publicUrl, payload, now())),
    handlerOf(reviewInviteTask, (payload) => sendReviewInvites(db, publicUrl, payload)),
    handlerOf(hostReminderTask, (payload) => sendHostReminder(db, publicUrl, payload, now())),
  ]);
}
