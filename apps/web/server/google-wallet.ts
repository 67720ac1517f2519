/**
 * Google Wallet through its API (decision 066): the `wallet.google-object` jobs the database
 * queues for each change a pass shows (migration 0033) save the pass's object at Google, after
 * the parking pass class, made or brought up to date once per server. A failure (Google away, a
 * refusal) throws, so the job queue tries again with backoff and the System page shows it.
 */
import { googleWalletObjectTask, passOfBooking, recordGoogleWalletObject } from '@parkside/api';
import type { Database } from '@parkside/db';
import { handlerOf, taskSet, type TaskSet } from '@parkside/jobs';
import {
  saveGooglePassClass,
  saveGooglePassObject,
  type GoogleWalletConfig,
} from '@parkside/wallet';
import { walletPassOf } from '../app/.server/wallet-pass';

export function googleWalletTasks(options: {
  db: Database;
  google: GoogleWalletConfig | null;
  passSecret: string | null;
}): TaskSet {
  const { db, google, passSecret } = options;
  if (!google) return taskSet([]);
  // The class, once per server: made on the first job, again after a failed try.
  let classSaved: Promise<unknown> | null = null;
  const saveClass = () => {
    classSaved ??= saveGooglePassClass(google).catch((error: unknown) => {
      classSaved = null;
      throw error;
    });
    return classSaved;
  };
  return taskSet([
    handlerOf(googleWalletObjectTask, async ({ bookingId }) => {
      const pass = await passOfBooking(db, bookingId, passSecret);
      if (!pass) return;
      await saveClass();
      const data = walletPassOf(pass, google.publicUrl);
      await saveGooglePassObject(google, data);
      await recordGoogleWalletObject(
        db,
        bookingId,
        data.status === 'confirmed' ? 'ACTIVE' : 'INACTIVE',
      );
    }),
  ]);
}
