import type { Database } from '@parkside/db';
import type { Schedule, Tasks } from '@parkside/jobs';
import type { PaymentProvider } from '@parkside/payments';
import { z } from 'zod';
import { expireHold, PAYMENT_TASKS, sendRefund } from './payment.service';
import { runPayouts } from './payout.service';

const bookingPayload = z.object({ bookingId: z.uuid() });

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
}): { tasks: Tasks; schedules: Schedule[] } {
  const { db, payments, publicUrl } = options;
  return {
    tasks: {
      [PAYMENT_TASKS.expireHold]: async (payload) => {
        await expireHold(db, payments, bookingPayload.parse(payload).bookingId, publicUrl);
      },
      [PAYMENT_TASKS.refund]: async (payload) => {
        await sendRefund(db, payments, bookingPayload.parse(payload).bookingId);
      },
      [PAYMENT_TASKS.payouts]: async () => {
        await runPayouts(db, payments);
      },
    },
    schedules: payments.online ? [{ task: PAYMENT_TASKS.payouts, everyMs: PAYOUT_EVERY_MS }] : [],
  };
}
