/**
 * Google Wallet objects kept in step with their bookings (decision 066). The triggers of
 * migration 0033 queue a `wallet.google-object` job for every change a pass shows while the
 * database has Google Wallet's `wallet_sync` row; the server that has Google Wallet set up writes
 * that row at start (and queues the passes Google does not have yet), one without removes it.
 * The job's handler (apps/web/server/google-wallet.ts) saves the object at Google and records
 * here what Google now shows, which is what lets the pass page offer "Save to Google Wallet".
 */
import { bookings, googleWalletObjects, listings, walletSync, type Database } from '@parkside/db';
import { defineTask, enqueueJobs, jobOf } from '@parkside/jobs';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { selectBookingPlaces } from '../../shared/booking-places';
import { passKey, requirePass } from './pass.service';

/** Save one booking's pass object at Google as the booking is when the job runs. */
export const googleWalletObjectTask = defineTask(
  'wallet.google-object',
  z.object({ bookingId: z.uuid() }),
);

/**
 * Turns the triggers' Google Wallet jobs on or off for this database. On: also queues, once each,
 * the passes whose window has not ended and that Google does not have yet (bookings made while
 * it was off, or before it was set up).
 */
export async function setGoogleWalletSync(db: Database, on: boolean, now = new Date()) {
  if (!on) {
    await db.delete(walletSync).where(eq(walletSync.provider, 'google'));
    return;
  }
  await db.transaction(async (tx) => {
    await tx.insert(walletSync).values({ provider: 'google' }).onConflictDoNothing();
    const missing = await selectBookingPlaces(tx, { id: bookings.id })
      .leftJoin(googleWalletObjects, eq(googleWalletObjects.bookingId, bookings.id))
      .where(
        and(
          eq(bookings.status, 'confirmed'),
          gt(listings.availableTo, now),
          isNull(googleWalletObjects.bookingId),
        ),
      );
    await enqueueJobs(
      tx,
      missing.map(({ id }) =>
        jobOf(googleWalletObjectTask, { bookingId: id }, { key: `google-wallet-first:${id}` }),
      ),
    );
  });
}

/**
 * A booking's pass as its driver sees it, for its Wallet object; null for a booking that has no
 * pass (a hold never paid, a driver since deleted).
 */
export async function passOfBooking(
  db: Database,
  bookingId: string,
  configuredKey?: string | null,
) {
  const [row] = await db
    .select({ driverId: bookings.driverId, status: bookings.status })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!row?.driverId || (row.status !== 'confirmed' && row.status !== 'cancelled')) return null;
  return requirePass(db, { id: row.driverId }, bookingId, await passKey(db, configuredKey));
}

/** What Google shows of a booking's pass now that its object is saved. */
export async function recordGoogleWalletObject(
  db: Database,
  bookingId: string,
  state: 'ACTIVE' | 'INACTIVE',
) {
  await db
    .insert(googleWalletObjects)
    .values({ bookingId, state })
    .onConflictDoUpdate({
      target: googleWalletObjects.bookingId,
      set: { state, savedAt: new Date() },
    });
}
