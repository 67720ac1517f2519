import { API_TOKEN_DEFAULT_RATE_LIMIT, API_TOKEN_SCOPES } from '@parkside/validators';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, uuidKey, createdAt } from './columns';
import { users } from './users';

const scopeList = sql.raw(API_TOKEN_SCOPES.map((scope) => `'${scope}'`).join(', '));

/**
 * Tokens for internal tools (decision 025). Only the SHA-256 of the secret is kept. A token acts
 * as its owner, limited to its scopes; the owner's rights are read on every call.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuidKey(),
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
    windowStartedAt: at('window_started_at'),
    windowCalls: integer('window_calls').notNull().default(0),
    expiresAt: at('expires_at'),
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
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
