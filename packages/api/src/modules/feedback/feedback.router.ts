import { feedbackIdInput, feedbackSchema } from '@parkside/validators';
import { adminProcedure, publicProcedure, router } from '../../trpc';
import { listFeedback, resolveFeedback, sendFeedback } from './feedback.service';

export const feedbackRouter = router({
  /** Anyone, signed in or not; rate limited per user or client address. */
  send: publicProcedure
    .meta({ scope: 'messages:write' })
    .input(feedbackSchema)
    .mutation(({ ctx, input }) =>
      sendFeedback(ctx.db, ctx.limits, { user: ctx.user, clientIp: ctx.clientIp }, input),
    ),

  /** Admins: everything, newest first. */
  list: adminProcedure.query(({ ctx }) => listFeedback(ctx.db)),

  resolve: adminProcedure
    .input(feedbackIdInput)
    .mutation(({ ctx, input }) => resolveFeedback(ctx.db, input.id)),
});
