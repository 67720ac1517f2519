/**
 * Host payouts (decision 030): a host sets up a payout account with the provider (Stripe Connect
 * Express); after an event ends, each host with paid bookings on it is paid price minus fee,
 * once. A host only ever sees and changes their own account: nothing here takes an account id.
 */
import { selectBookingPlaces } from '../../shared/booking-places';
import {
  bookings,
  driveways,
  events,
  payoutAccounts,
  payouts,
  type Database,
  columnsOf,
} from '@parkside/db';
import { AppError, type SessionUser } from '@parkside/core';
import type { PaymentProvider, PayoutAccountStatus } from '@parkside/payments';
import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { inTransaction } from '../../transaction';

export const PAYMENTS_OFF_MESSAGE = 'Online payments are not set up on this site yet.';
const PAYOUT_UNAVAILABLE_MESSAGE =
  'We could not reach our payment partner just now. Please try again in a moment.';

async function accountOf(db: Database, userId: string) {
  const [account] = await db
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, userId))
    .limit(1);
  return account;
}

/** The link where the host finishes (or continues) setting up payouts. */
export async function payoutSetupUrl(
  db: Database,
  payments: PaymentProvider,
  user: SessionUser,
  publicUrl: string,
): Promise<{ url: string }> {
  if (!payments.online) throw new AppError('CONFLICT', PAYMENTS_OFF_MESSAGE);
  try {
    let account = await accountOf(db, user.id);
    if (!account) {
      const { accountId } = await payments.createPayoutAccount({
        userId: user.id,
        email: user.email,
        idempotencyKey: `payout-account:${user.id}`,
      });
      await db
        .insert(payoutAccounts)
        .values({ userId: user.id, providerAccountId: accountId })
        .onConflictDoNothing();
      account = await accountOf(db, user.id);
    }
    const url = await payments.payoutOnboardingUrl({
      accountId: account!.providerAccountId,
      refreshUrl: new URL('/my-listings?payouts=refresh', publicUrl).toString(),
      returnUrl: new URL('/my-listings?payouts=return', publicUrl).toString(),
    });
    return { url };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('UNAVAILABLE', PAYOUT_UNAVAILABLE_MESSAGE, { cause: error });
  }
}

/** Asks the provider for the account's state (the host is back from setting it up). */
export async function refreshPayoutAccount(
  db: Database,
  payments: PaymentProvider,
  user: SessionUser,
): Promise<PayoutAccountStatus> {
  const account = await accountOf(db, user.id);
  if (!account || !payments.online) return 'not_started';
  let status: PayoutAccountStatus;
  try {
    status = await payments.payoutAccountStatus(account.providerAccountId);
  } catch (error) {
    throw new AppError('UNAVAILABLE', PAYOUT_UNAVAILABLE_MESSAGE, { cause: error });
  }
  await db
    .update(payoutAccounts)
    .set({ status: status === 'active' ? 'active' : 'pending' })
    .where(eq(payoutAccounts.userId, user.id));
  return status;
}

const paidOnMyDriveways = (hostId: string) =>
  and(
    eq(driveways.hostId, hostId),
    eq(bookings.status, 'confirmed'),
    eq(bookings.paymentStatus, 'paid'),
  );

/**
 * The host's payouts: account state and, in cents, what their paid bookings earned, what is
 * still to be paid out and what has been; the latest payouts.
 */
export async function payoutSummary(db: Database, payments: PaymentProvider, user: SessionUser) {
  const summary = {
    online: payments.online,
    status: 'not_started' as PayoutAccountStatus,
    earnedCents: 0,
    pendingCents: 0,
    paidOutCents: 0,
    payouts: [] as {
      id: string;
      eventTitle: string;
      amountCents: number;
      bookingCount: number;
      status: 'pending' | 'paid';
      createdAt: string;
      paidAt: string | null;
    }[],
  };
  // Without online payments nobody is paid out: nothing to read on every /my-listings.
  if (!payments.online) return summary;
  const [account, [earned], mine, [sums]] = await Promise.all([
    accountOf(db, user.id),
    selectBookingPlaces(db, {
      earned: sql<number>`coalesce(sum(${bookings.hostPayoutCents}), 0)::int`,
      unpaid: sql<number>`coalesce(sum(${bookings.hostPayoutCents}) filter (where ${bookings.payoutId} is null), 0)::int`,
    }).where(paidOnMyDriveways(user.id)),
    db
      .select({
        id: payouts.id,
        eventTitle: events.title,
        ...columnsOf(payouts, 'amountCents bookingCount status createdAt paidAt'),
      })
      .from(payouts)
      .innerJoin(events, eq(events.id, payouts.eventId))
      .where(eq(payouts.hostId, user.id))
      .orderBy(desc(payouts.createdAt))
      .limit(20),
    db
      .select({
        paidOut: sql<number>`coalesce(sum(${payouts.amountCents}) filter (where ${payouts.status} = 'paid'), 0)::int`,
        inTransfer: sql<number>`coalesce(sum(${payouts.amountCents}) filter (where ${payouts.status} = 'pending'), 0)::int`,
      })
      .from(payouts)
      .where(eq(payouts.hostId, user.id)),
  ]);
  return {
    ...summary,
    status: (account?.status ?? 'not_started') as PayoutAccountStatus,
    earnedCents: earned?.earned ?? 0,
    pendingCents: (earned?.unpaid ?? 0) + (sums?.inTransfer ?? 0),
    paidOutCents: sums?.paidOut ?? 0,
    payouts: mine.map((p) => ({
      ...p,
      createdAt: p.createdAt.toISOString(),
      paidAt: p.paidAt?.toISOString() ?? null,
    })),
  };
}

/**
 * The payout job: for every ended event, each host with paid, confirmed bookings not yet paid out
 * and an active account gets one payout row (unique per host and event, taking those bookings in
 * the same transaction); then each pending payout is transferred with its id as the idempotency
 * key, so a retry or a second server never pays twice.
 */
export async function runPayouts(db: Database, payments: PaymentProvider, now = new Date()) {
  if (!payments.online) return { created: 0, paid: 0 };
  const due = await selectBookingPlaces(db, {
    hostId: driveways.hostId,
    eventId: bookings.eventId,
    destination: payoutAccounts.providerAccountId,
  })
    .innerJoin(
      payoutAccounts,
      and(eq(payoutAccounts.userId, driveways.hostId), eq(payoutAccounts.status, 'active')),
    )
    .where(
      and(
        lte(events.endsAt, now),
        eq(bookings.status, 'confirmed'),
        eq(bookings.paymentStatus, 'paid'),
        isNull(bookings.payoutId),
      ),
    )
    .groupBy(driveways.hostId, bookings.eventId, payoutAccounts.providerAccountId);
  let created = 0;
  for (const group of due) {
    created += await inTransaction(db, async (tx) => {
      const taken = await selectBookingPlaces(tx, {
        id: bookings.id,
        cents: bookings.hostPayoutCents,
      })
        .where(
          and(
            eq(bookings.eventId, group.eventId),
            paidOnMyDriveways(group.hostId!),
            isNull(bookings.payoutId),
          ),
        )
        .for('update', { of: bookings, skipLocked: true });
      const amount = taken.reduce((sum, b) => sum + b.cents, 0);
      if (amount <= 0) return 0;
      const [payout] = await tx
        .insert(payouts)
        .values({
          hostId: group.hostId,
          eventId: group.eventId,
          amountCents: amount,
          bookingCount: taken.length,
          destination: group.destination,
        })
        .onConflictDoNothing()
        .returning({ id: payouts.id });
      if (!payout) return 0;
      await tx
        .update(bookings)
        .set({ payoutId: payout.id })
        .where(
          inArray(
            bookings.id,
            taken.map((b) => b.id),
          ),
        );
      return 1;
    });
  }
  const pending = await db.select().from(payouts).where(eq(payouts.status, 'pending'));
  let paid = 0;
  for (const payout of pending) {
    const { transferId } = await payments.transfer({
      amountCents: payout.amountCents,
      destination: payout.destination,
      group: `event:${payout.eventId}`,
      description: `Parkside payout for event ${payout.eventId}`,
      idempotencyKey: `payout:${payout.id}`,
    });
    await db
      .update(payouts)
      .set({ status: 'paid', transferId, paidAt: new Date() })
      .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'pending')));
    paid += 1;
  }
  return { created, paid };
}
