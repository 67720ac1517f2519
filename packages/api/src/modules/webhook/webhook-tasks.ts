import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
  type Database,
} from '@parkside/db';
import { defineTask, enqueueJobs, handlerOf, jobOf, taskSet, type TaskSet } from '@parkside/jobs';
import { endpointSecret, postWebhook } from '@parkside/webhooks';
import { and, arrayContains, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { inTransaction } from '../../transaction';
import { keptSecret } from '../../shared/kept-secrets';
import { webhookObject } from './webhook-objects';

/** Recorded by the database's triggers (migration 0034): write the object, queue deliveries. */
export const webhookEventTask = defineTask(
  'webhook.event',
  z.object({ eventId: z.uuid() }).strict(),
);
/** One POST of one event to one endpoint. */
export const webhookDeliverTask = defineTask(
  'webhook.deliver',
  z.object({ deliveryId: z.uuid(), again: z.boolean().optional() }).strict(),
);

/**
 * Attempts of a delivery: with the queue's backoff (30 s doubling to an hour) the thirtieth comes
 * about a day after the first.
 */
export const DELIVERY_ATTEMPTS = 30;

export const deliveryJob = (deliveryId: string, again = false) =>
  jobOf(webhookDeliverTask, again ? { deliveryId, again } : { deliveryId }, {
    maxAttempts: DELIVERY_ATTEMPTS,
  });

export const webhookKey = (db: Database, configured: string | null) =>
  keptSecret(db, 'webhook-signing-key', configured);

/** The JSON body of an event, the same for every delivery and every resend. */
export function webhookBody(event: {
  id: string;
  type: string;
  createdAt: Date;
  data: Record<string, unknown> | null;
}): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created: event.createdAt.toISOString(),
    data: { object: event.data },
  });
}

async function fanOut(db: Database, eventId: string): Promise<void> {
  const [event] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId));
  if (!event) return;
  if (event.data === null) {
    const object = await webhookObject(db, event.type, event.subjectId);
    await db
      .update(webhookEvents)
      .set({ data: object ?? { id: event.subjectId, deleted: true } })
      .where(and(eq(webhookEvents.id, eventId), isNull(webhookEvents.data)));
  }
  // One delivery per endpoint that wants the type now; a second run adds none.
  await inTransaction(db, async (tx) => {
    const made = await tx
      .insert(webhookDeliveries)
      .select(
        tx
          .select({
            id: sql`gen_random_uuid()`.as('id'),
            endpointId: webhookEndpoints.id,
            eventId: sql`${eventId}::uuid`.as('event_id'),
            status: sql`'pending'`.as('status'),
            deliveredAt: sql`null::timestamptz`.as('delivered_at'),
            createdAt: sql`now()`.as('created_at'),
          })
          .from(webhookEndpoints)
          .where(
            and(
              isNull(webhookEndpoints.disabledAt),
              arrayContains(webhookEndpoints.events, [event.type]),
            ),
          ),
      )
      .onConflictDoNothing()
      .returning({ id: webhookDeliveries.id });
    await enqueueJobs(
      tx as unknown as Database,
      made.map(({ id }) => deliveryJob(id)),
    );
  });
}

export function webhookTasks({
  db,
  key,
  allowPrivate,
}: {
  db: Database;
  /** WEBHOOK_SIGNING_KEY, or null for the key kept in the database. */
  key: string | null;
  allowPrivate: boolean;
}): TaskSet {
  return taskSet([
    handlerOf(webhookEventTask, ({ eventId }) => fanOut(db, eventId)),
    handlerOf(webhookDeliverTask, async ({ deliveryId, again }, job) => {
      const [found] = await db
        .select({
          delivery: webhookDeliveries,
          endpoint: webhookEndpoints,
          event: webhookEvents,
        })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(eq(webhookDeliveries.id, deliveryId));
      if (!found || (found.delivery.status === 'delivered' && !again)) return;
      const { delivery, endpoint, event } = found;
      const attempt = await postWebhook({
        url: endpoint.url,
        body: webhookBody(event),
        secret: endpointSecret(await webhookKey(db, key), endpoint.id, endpoint.secretSalt),
        eventId: event.id,
        allowPrivate,
      });
      const lastAttempt = job.attempts >= job.maxAttempts;
      await inTransaction(db, async (tx) => {
        await tx.insert(webhookAttempts).values({
          deliveryId: delivery.id,
          statusCode: attempt.statusCode,
          answer: attempt.answer,
          durationMs: attempt.durationMs,
        });
        if (attempt.ok || lastAttempt)
          await tx
            .update(webhookDeliveries)
            .set(
              attempt.ok ? { status: 'delivered', deliveredAt: new Date() } : { status: 'failed' },
            )
            .where(eq(webhookDeliveries.id, delivery.id));
      });
      if (!attempt.ok) {
        throw new Error(
          attempt.statusCode === null
            ? `The endpoint did not answer: ${attempt.answer}`
            : `The endpoint answered ${attempt.statusCode}.`,
        );
      }
    }),
  ]);
}
