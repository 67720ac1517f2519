import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { at, createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * The e-mail/password account. It exists before the user row (sign-up creates the account, sends
 * the verification e-mail, then writes the user), so it is keyed by the future user id without a
 * foreign key. `email_verified` is the account's own state; users.email_verified is synced from it.
 */
export const passwordAccounts = pgTable(
  'password_accounts',
  {
    userId: text('user_id').primaryKey(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('password_accounts_email_lower', sql`${t.email} = lower(${t.email})`)],
);

/** A social or OpenID login linked to a user, keyed by the provider's own user id. */
export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    provider: text('provider').notNull(),
    providerUserId: text('provider_user_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.providerUserId] }),
    index('oauth_accounts_user_id_idx').on(t.userId),
  ],
);

/** Sessions; `id` is the SHA-256 of the cookie's token, so a leaked table cannot be replayed. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Single-use links sent by e-mail, each with a short code to type instead; only the SHA-256 of
 * the token and of the code (with the user's id) is stored.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id').notNull(),
    email: text('email').notNull(),
    codeHash: text('code_hash'),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('email_verification_tokens_user_id_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/** One row per admin, keyed by e-mail (the customer's model). isAdmin is derived from it. */
export const admins = pgTable(
  'admins',
  {
    email: text('email').primaryKey(),
    createdAt: createdAt(),
  },
  (t) => [check('admins_email_lower', sql`${t.email} = lower(${t.email})`)],
);

/** Counters of rate-limiter-flexible's Drizzle store, shared by every app server. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true, mode: 'date' }),
});

export type PasswordAccount = typeof passwordAccounts.$inferSelect;
export type OAuthAccount = typeof oauthAccounts.$inferSelect;
