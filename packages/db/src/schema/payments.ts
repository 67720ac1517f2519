import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { at, uuidKey, createdAt, updatedAt, uuidRef } from './columns';
import { events } from './events';
import { users } from './users';

export const payoutAccountStatus = pgEnum('payout_account_status', ['pending', 'active']);
export const payoutStatus = pgEnum('payout_status', ['pending', 'paid']);

/** A host's payout account at the payment provider (a Stripe Express account): one per host. */
export const payoutAccounts = pgTable('payout_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  providerAccountId: text('provider_account_id').notNull().unique(),
  status: payoutAccountStatus('status').notNull().default('pending'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * What a host is paid for one event: the host payouts of its paid, confirmed bookings, made
 * once (unique per host and event) and transferred once (the provider call carries its id).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuidKey(),
    hostId: text('host_id').references(() => users.id, { onDelete: 'set null' }),
    eventId: uuidRef('event_id', () => events.id, 'restrict'),
    amountCents: integer('amount_cents').notNull(),
    bookingCount: integer('booking_count').notNull(),
    destination: text('destination').notNull(),
    status: payoutStatus('status').notNull().default('pending'),
    transferId: text('transfer_id'),
    createdAt: createdAt(),
    paidAt: at('paid_at'),
  },
  (t) => [
    unique('payouts_host_event_unique').on(t.hostId, t.eventId),
    index('payouts_status_idx').on(t.status),
    check('payouts_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Every provider webhook event handled, by its id: a replay finds its row and changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: at('received_at').notNull().defaultNow(),
});

export type PayoutAccount = typeof payoutAccounts.$inferSelect;
export type Payout = typeof payouts.$inferSelect;
