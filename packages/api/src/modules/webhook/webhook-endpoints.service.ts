import { AppError } from '@parkside/core';
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
  type Database,
  columnsOf,
} from '@parkside/db';
import { enqueueJobs } from '@parkside/jobs';
import type { WebhookEndpointInput } from '@parkside/validators';
import { endpointSecret, newSalt, webhookUrlProblem } from '@parkside/webhooks';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { deliveryJob, webhookKey } from './webhook-tasks';

export const WEBHOOK_ERRORS = {
  notFound: 'No such webhook endpoint.',
  deliveryNotFound: 'No such delivery.',
} as const;

/** How many recent deliveries an endpoint's page shows, each with its attempts. */
export const DELIVERIES_SHOWN = 50;

export interface WebhookOptions {
  key: string | null;
  allowPrivate: boolean;
}

/** Refuses an address webhooks may not use, before anything is written (it asks the DNS). */
export async function requireWebhookUrl(url: string, allowPrivate: boolean) {
  const problem = await webhookUrlProblem(url, allowPrivate);
  if (problem) throw new AppError('BAD_REQUEST', problem);
}

/** Registers an endpoint; its secret is returned this once and never stored. */
export async function createEndpoint(
  db: Database,
  createdBy: string,
  input: WebhookEndpointInput,
  options: WebhookOptions,
) {
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({ ...input, secretSalt: newSalt(), createdBy })
    .returning();
  const secret = endpointSecret(
    await webhookKey(db, options.key),
    endpoint!.id,
    endpoint!.secretSalt,
  );
  return { id: endpoint!.id, url: endpoint!.url, secret };
}

/** Every endpoint, newest first, with how its deliveries stand. */
export async function listEndpoints(db: Database) {
  const rows = await db
    .select({
      ...columnsOf(webhookEndpoints, 'id url description events createdAt disabledAt'),
      delivered:
        sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'delivered')`.mapWith(
          Number,
        ),
      pending: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'pending')`.mapWith(
        Number,
      ),
      failed: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'failed')`.mapWith(
        Number,
      ),
    })
    .from(webhookEndpoints)
    .leftJoin(webhookDeliveries, eq(webhookDeliveries.endpointId, webhookEndpoints.id))
    .groupBy(webhookEndpoints.id)
    .orderBy(desc(webhookEndpoints.createdAt));
  return rows.map(({ disabledAt, createdAt, ...row }) => ({
    ...row,
    createdAt: createdAt.toISOString(),
    paused: disabledAt !== null,
  }));
}

async function requireEndpoint(db: Database, id: string) {
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!endpoint) throw new AppError('NOT_FOUND', WEBHOOK_ERRORS.notFound);
  return endpoint;
}

/** One endpoint and its latest deliveries, each with every attempt (status, time, first bytes). */
export async function endpointDetail(db: Database, id: string) {
  const { secretSalt: _salt, disabledAt, createdAt, ...endpoint } = await requireEndpoint(db, id);
  const deliveries = await db
    .select({
      id: webhookDeliveries.id,
      status: webhookDeliveries.status,
      deliveredAt: webhookDeliveries.deliveredAt,
      createdAt: webhookDeliveries.createdAt,
      eventId: webhookEvents.id,
      eventType: webhookEvents.type,
      subjectId: webhookEvents.subjectId,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, id))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(DELIVERIES_SHOWN);
  const attempts = deliveries.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            deliveries.map((d) => d.id),
          ),
        )
        .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.id))
    : [];
  const [total] = await db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, id));
  return {
    ...endpoint,
    createdAt: createdAt.toISOString(),
    paused: disabledAt !== null,
    totalDeliveries: total?.n ?? 0,
    deliveries: deliveries.map(({ createdAt, deliveredAt, ...delivery }) => ({
      ...delivery,
      createdAt: createdAt.toISOString(),
      deliveredAt: deliveredAt?.toISOString() ?? null,
      attempts: attempts
        .filter((attempt) => attempt.deliveryId === delivery.id)
        .map(({ deliveryId: _d, attemptedAt, ...attempt }) => ({
          ...attempt,
          attemptedAt: attemptedAt.toISOString(),
        })),
    })),
  };
}

export async function setPaused(db: Database, id: string, paused: boolean) {
  const endpoint = await requireEndpoint(db, id);
  await db
    .update(webhookEndpoints)
    .set({ disabledAt: paused ? new Date() : null })
    .where(eq(webhookEndpoints.id, id));
  return { id, url: endpoint.url, paused };
}

export async function removeEndpoint(db: Database, id: string) {
  const endpoint = await requireEndpoint(db, id);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return { id, url: endpoint.url };
}

/** The same event, body and signature scheme, posted again now (a new attempt is logged). */
export async function sendAgain(db: Database, deliveryId: string) {
  const [found] = await db
    .select({ id: webhookDeliveries.id, url: webhookEndpoints.url, type: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!found) throw new AppError('NOT_FOUND', WEBHOOK_ERRORS.deliveryNotFound);
  await db
    .update(webhookDeliveries)
    .set({ status: 'pending' })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'failed')));
  await enqueueJobs(db, [deliveryJob(deliveryId, true)]);
  return found;
}
