import { payoutAccounts } from '@parkside/db';
import type { PaymentProvider } from '@parkside/payments';
import { eq } from 'drizzle-orm';
import type { Tx } from '../transaction';

/** True when this host's driveways take online payment: their payouts are set up and active. */
export async function hostTakesOnlinePayment(
  tx: Tx,
  payments: PaymentProvider,
  hostId: string | null,
) {
  if (!payments.online || !hostId) return false;
  const [account] = await tx
    .select({ status: payoutAccounts.status })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, hostId))
    .limit(1);
  return account?.status === 'active';
}
