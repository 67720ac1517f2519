import { AUDIT_ACTION_NAMES } from '@parkside/validators';
import { bigint, index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidKey } from './columns';

/** What an admin did; the names are the filters of the audit page. */
export const AUDIT_ACTIONS = AUDIT_ACTION_NAMES;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditAction = pgEnum('audit_action', AUDIT_ACTIONS);

/**
 * The admins' actions, one row each, written in the transaction of the action itself, so an
 * action that failed leaves no row and one that happened always has one. Append-only: triggers
 * refuse UPDATE, DELETE and TRUNCATE (migration 0017). Who did it is copied, not referenced, so
 * the row outlives the account and the token.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: uuidKey(),
    // Milliseconds, as JavaScript reads them, so a page's last row marks exactly where the next starts.
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /**
     * The order the rows were written in: two actions in the same millisecond (a script granting
     * many admins) still list newest first, and a page ends at an exact row.
     */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    /** The API token the call was made with; null for the site's own session. */
    apiTokenId: uuid('api_token_id'),
    action: auditAction('action').notNull(),
    /** The record acted on: an event's or token's id, a feedback id, an admin's e-mail. */
    targetId: text('target_id').notNull(),
    /** How the record read when it was acted on (an event's title, a token's name). */
    targetLabel: text('target_label').notNull(),
    /** What else the action touched, e.g. the bookings an event's cancellation refunded. */
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>(),
    /** The client's address, as the server saw it. */
    ip: text('ip').notNull(),
  },
  (t) => [
    index('admin_audit_at_idx').on(t.at.desc(), t.seq.desc()),
    index('admin_audit_action_at_idx').on(t.action, t.at.desc()),
    index('admin_audit_actor_at_idx').on(t.actorEmail, t.at.desc()),
    index('admin_audit_target_idx').on(t.targetId),
  ],
);

export type AdminAuditRow = typeof adminAudit.$inferSelect;
