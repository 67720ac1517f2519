/**
 * Which changes become webhook events (migration 0034, decision 068): each type is recorded by
 * the database whatever code makes the change, only while an endpoint wants it, and the job
 * writes the object in the API's shape once and queues one delivery per endpoint that wants it.
 */
import {
  bookings,
  jobs,
  listings,
  parkingReports,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
  type Job,
} from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { WEBHOOK_EVENT_TYPES } from '@parkside/validators';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../context';
import { createCaller } from '../../root';
import { insertBooking, makeListing } from '../../test-marketplace';
import { insertUsers, testUser } from '../../test-users';
import { webhookTasks } from './webhook-tasks';

let handle: TestDatabase;
const host = testUser('wh-host', { isHost: true });
const driver = testUser('wh-driver');
const admin = testUser('wh-admin', { isAdmin: true });

beforeAll(async () => {
  handle = await createTestDatabase();
  await insertUsers(handle.db, host, driver, admin);
});
afterAll(() => handle?.close());

const recorded = async () =>
  (await handle.db.select({ type: webhookEvents.type }).from(webhookEvents)).map((e) => e.type);

describe('webhook events', () => {
  it('are not recorded while no endpoint wants them', async () => {
    const { listing } = await makeListing(handle.db, host);
    await handle.db
      .update(listings)
      .set({ status: 'in_review' })
      .where(eq(listings.id, listing.id));
    expect(await recorded()).toEqual([]);
    expect(await handle.db.select().from(jobs).where(eq(jobs.task, 'webhook.event'))).toEqual([]);
  });

  it('are recorded for every type while wanted, and become one delivery per endpoint', async () => {
    const api = createCaller(createContext({ db: handle.db, user: admin }));
    // An address given as a public IP: no name to look up.
    const all = await api.webhook.create({
      url: 'https://93.184.216.34/all',
      events: [...WEBHOOK_EVENT_TYPES],
    });
    await api.webhook.create({
      url: 'https://93.184.216.34/cancels',
      events: ['booking.cancelled'],
    });

    const { listing } = await makeListing(handle.db, host);
    const booking = await insertBooking(handle.db, listing, driver.id, {
      idempotencyKey: 'webhook-events-1',
      licensePlate: 'WEB 1',
    });
    await handle.db
      .update(bookings)
      .set({ checkedInAt: new Date() })
      .where(eq(bookings.id, booking.id));
    const [report] = await handle.db
      .insert(parkingReports)
      .values({
        bookingId: booking.id,
        driverId: driver.id,
        hostId: host.id,
        reason: 'blocked',
        outcome: 'refunded',
      })
      .returning();
    await handle.db
      .update(parkingReports)
      .set({ hostReply: 'A delivery van was parked there.', hostRepliedAt: new Date() })
      .where(eq(parkingReports.id, report!.id));
    await handle.db
      .update(bookings)
      .set({ status: 'cancelled', cancelledBy: 'driver', cancelledAt: new Date() })
      .where(eq(bookings.id, booking.id));
    const { listing: second } = await makeListing(handle.db, host);
    for (const status of ['in_review', 'open', 'in_review', 'rejected'] as const)
      await handle.db.update(listings).set({ status }).where(eq(listings.id, second.id));

    expect(await recorded()).toEqual([
      'booking.confirmed',
      'booking.checked_in',
      'parking_report.opened',
      'parking_report.resolved',
      'booking.cancelled',
      'listing.in_review',
      'listing.approved',
      'listing.in_review',
      'listing.rejected',
    ]);

    // The jobs: each event's object written once, a delivery for each endpoint that wants it.
    const { tasks } = webhookTasks({ db: handle.db, key: 'k'.repeat(32), allowPrivate: false });
    const queued = await handle.db.select().from(jobs).where(eq(jobs.task, 'webhook.event'));
    for (const job of queued) await tasks['webhook.event']!(job.payload, job as Job);
    for (const job of queued) await tasks['webhook.event']!(job.payload, job as Job);
    const deliveries = await handle.db
      .select({ endpoint: webhookDeliveries.endpointId, type: webhookEvents.type })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId));
    expect(deliveries.filter((d) => d.endpoint === all.id)).toHaveLength(9);
    expect(deliveries.filter((d) => d.endpoint !== all.id).map((d) => d.type)).toEqual([
      'booking.cancelled',
    ]);
    expect(
      await handle.db.select().from(jobs).where(eq(jobs.task, 'webhook.deliver')),
    ).toHaveLength(10);

    const objects = await handle.db
      .select({ type: webhookEvents.type, data: webhookEvents.data })
      .from(webhookEvents);
    const of = (type: string) => objects.find((o) => o.type === type)!.data!;
    expect(of('booking.checked_in')).toMatchObject({ id: booking.id, licensePlate: 'WEB 1' });
    expect(of('booking.checked_in')).not.toHaveProperty('idempotencyKey');
    expect(of('parking_report.opened')).toMatchObject({
      id: report!.id,
      reason: 'blocked',
      outcome: 'refunded',
    });
    expect(of('listing.rejected')).toMatchObject({ id: second.id, eventId: second.eventId });

    // A paused endpoint is no longer asked for.
    await handle.db.update(webhookEndpoints).set({ disabledAt: new Date() });
    await handle.db.update(listings).set({ status: 'in_review' }).where(eq(listings.id, second.id));
    expect(await recorded()).toHaveLength(9);
  });
});
