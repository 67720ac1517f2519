import { pgTable, text } from 'drizzle-orm/pg-core';
import { at, uuidRef } from './columns';
import { bookings } from './marketplace';

/**
 * Which Wallet providers' passes this database keeps up to date (decision 066): a server with
 * Google Wallet set up writes its row at start, one without removes it. While the row is there,
 * triggers queue a `wallet.google-object` job for every change a pass shows (a booking made,
 * cancelled, checked in; its event, listing or driveway changed), whatever code made it.
 */
export const walletSync = pgTable('wallet_sync', {
  provider: text('provider').primaryKey(),
  since: at('since').notNull().defaultNow(),
});

/**
 * A booking's pass object as last saved at Google (its id is derived from the booking's): the
 * pass page offers "Save to Google Wallet" only once the object exists there.
 */
export const googleWalletObjects = pgTable('google_wallet_objects', {
  bookingId: uuidRef('booking_id', () => bookings.id, 'cascade').primaryKey(),
  /** ACTIVE or INACTIVE, as Google shows it. */
  state: text('state').notNull(),
  savedAt: at('saved_at').notNull().defaultNow(),
});
