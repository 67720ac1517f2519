import { bigserial, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, uuidKey, uuidRef } from './columns';
import { users } from './users';
import type { WebhookEventType } from '@parkside/validators';

/**
 * An address an admin registered to receive events. Its signing secret is never stored: it is
 * derived from the server's webhook key and `secret_salt`, and shown once when made.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuidKey(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  events: text('events').array().$type<WebhookEventType[]>().notNull(),
  secretSalt: text('secret_salt').notNull(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  /** Paused: no new deliveries; the ones queued still go. */
  disabledAt: at('disabled_at'),
});

/**
 * Something that happened, once, whatever endpoints hear of it. `data` is the object as the API
 * shows it, written by the first job that reads it, so every delivery and resend carries the same.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuidKey(),
    type: text('type').$type<WebhookEventType>().notNull(),
    /** The booking, parking report or listing it is about. */
    subjectId: uuid('subject_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_events_created_idx').on(t.createdAt)],
);

/** One event for one endpoint: delivered at least once, retried with backoff for a day. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuidKey(),
    endpointId: uuidRef('endpoint_id', () => webhookEndpoints.id, 'cascade'),
    eventId: uuidRef('event_id', () => webhookEvents.id, 'cascade'),
    /** pending, delivered or failed (out of attempts). */
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    deliveredAt: at('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('webhook_deliveries_endpoint_event_unique').on(t.endpointId, t.eventId),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt),
  ],
);

/** Each POST of a delivery: what the endpoint answered, for the admin's page. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: uuidRef('delivery_id', () => webhookDeliveries.id, 'cascade'),
    attemptedAt: at('attempted_at').notNull().defaultNow(),
    /** The HTTP status, or null when no answer came (refused, timed out, not allowed). */
    statusCode: integer('status_code'),
    /** The answer's first bytes, or why there was none. */
    answer: text('answer').notNull().default(''),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt)],
);
