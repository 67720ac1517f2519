import { API_TOKEN_DEFAULT_RATE_LIMIT, API_TOKEN_SCOPES } from '@parkside/validators';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

const scopeList = sql.raw(API_TOKEN_SCOPES.map((scope) => `'${scope}'`).join(', '));

/**
 * Tokens for internal tools (decision 025). Only the SHA-256 of the secret is kept. A token acts
 * as its owner, limited to its scopes; the owner's rights are read on every call.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The user who made it; the token acts as this user. */
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scopes: text('scopes').array().notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    /** Calls allowed a minute; the window below counts them across every app server. */
    rateLimitPerMinute: integer('rate_limit_per_minute')
      .notNull()
      .default(API_TOKEN_DEFAULT_RATE_LIMIT),
    /** The minute being counted and the calls in it (a fixed window, one row update a call). */
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }),
    windowCalls: integer('window_calls').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('api_tokens_owner_idx').on(t.ownerId),
    check(
      'api_tokens_scopes_known',
      sql`cardinality(${t.scopes}) > 0 and ${t.scopes} <@ array[${scopeList}]::text[]`,
    ),
    check('api_tokens_rate_limit_positive', sql`${t.rateLimitPerMinute} > 0`),
  ],
);

export type ApiToken = typeof apiTokens.$inferSelect;
