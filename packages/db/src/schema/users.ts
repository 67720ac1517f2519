import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns';

/** Exactly the customer's User fields. isAdmin is derived when the user is loaded, never stored. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    isHost: boolean('is_host').notNull().default(false),
    emailVerified: boolean('email_verified').notNull().default(false),
    createdAt: createdAt(),
    termsAccepted: boolean('terms_accepted').notNull().default(true),
    termsAcceptedAt: at('terms_accepted_at'),
    phoneNumber: text('phone_number'),
    profileImageUrl: text('profile_image_url'),
    address: text('address'),
  },
  // E-mails are stored lower-case, so uniqueness and admin lookup ignore case.
  (t) => [check('users_email_lower', sql`${t.email} = lower(${t.email})`)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
