import { router, verifiedProcedure } from '../../trpc';
import { payoutSetupUrl, payoutSummary, refreshPayoutAccount } from './payout.service';

/** The signed-in host's own payouts; there is no way to name anyone else's account. */
export const payoutRouter = router({
  /** Account state, earned, pending and paid out, the latest payouts. */
  status: verifiedProcedure.query(({ ctx }) => payoutSummary(ctx.db, ctx.payments, ctx.user)),

  /** A one-time link to the provider's onboarding; makes the account the first time. */
  setup: verifiedProcedure
    .meta({ scope: 'account:write' })
    .mutation(({ ctx }) => payoutSetupUrl(ctx.db, ctx.payments, ctx.user, ctx.settings.publicUrl)),

  /** Reads the account's state again from the provider (back from onboarding). */
  refresh: verifiedProcedure.meta({ scope: 'account:write' }).mutation(async ({ ctx }) => ({
    status: await refreshPayoutAccount(ctx.db, ctx.payments, ctx.user),
  })),
});
