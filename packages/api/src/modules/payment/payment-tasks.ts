import type { Database } from '@parkside/db';
import { handlerOf, taskSet, type TaskSet } from '@parkside/jobs';
import type { PaymentProvider } from '@parkside/payments';
import { expireHold, PAYMENT_TASKS, sendRefund } from './payment.service';
import { runPayouts } from './payout.service';

/** How often ended events are checked for host payouts. */
export const PAYOUT_EVERY_MS = 10 * 60_000;

/**
 * The background work of online payments, for the server's job runner: holds that run out,
 * refunds (retried with backoff until the provider accepts) and host payouts on a schedule.
 */
export function paymentTasks(options: {
  db: Database;
  payments: PaymentProvider;
  publicUrl: string;
}): TaskSet {
  const { db, payments, publicUrl } = options;
  return taskSet(
    [
      handlerOf(PAYMENT_TASKS.expireHold, async ({ bookingId }) => {
        await expireHold(db, payments, bookingId, publicUrl);
      }),
      handlerOf(PAYMENT_TASKS.refund, async ({ bookingId }) => {
        await sendRefund(db, payments, bookingId);
      }),
      handlerOf(PAYMENT_TASKS.payouts, async () => {
        await runPayouts(db, payments);
      }),
    ],
    payments.online ? [{ task: PAYMENT_TASKS.payouts.name, everyMs: PAYOUT_EVERY_MS }] : [],
  );
}
