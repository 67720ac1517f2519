import { adminEmailInput } from '@parkside/validators';
import { adminProcedure, router } from '../../trpc';
import { getOverview } from './admin.service';
import { grantAdmin, revokeAdmin } from './admins.service';

export const adminRouter = router({
  overview: adminProcedure.query(({ ctx }) => getOverview(ctx.db)),

  /** Admins by e-mail: granting one that has no account yet makes it an admin on sign-up. */
  grantAdmin: adminProcedure
    .input(adminEmailInput)
    .mutation(({ ctx, input }) => grantAdmin(ctx.db, input.email)),

  /** Never the last admin. */
  revokeAdmin: adminProcedure
    .input(adminEmailInput)
    .mutation(({ ctx, input }) => revokeAdmin(ctx.db, input.email)),
});
