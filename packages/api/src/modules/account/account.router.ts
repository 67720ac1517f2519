import { profileInput } from '@parkside/validators';
import { router, signedInProcedure } from '../../trpc';
import { getSignInMethods } from '../../shared/sign-in-methods';
import { becomeHost, toAccount, updateProfile } from './account.service';

export const accountRouter = router({
  me: signedInProcedure.query(({ ctx }) => toAccount(ctx.user)),

  signInMethods: signedInProcedure.query(({ ctx }) => getSignInMethods(ctx.db, ctx.user.id)),

  updateProfile: signedInProcedure
    .meta({ scope: 'account:write' })
    .input(profileInput)
    .mutation(async ({ ctx, input }) => {
      const row = await updateProfile(ctx.db, ctx.user.id, input);
      return toAccount({ ...row, isAdmin: ctx.user.isAdmin });
    }),

  becomeHost: signedInProcedure.meta({ scope: 'account:write' }).mutation(async ({ ctx }) => {
    await becomeHost(ctx.db, ctx.user.id);
    return { isHost: true };
  }),
});
