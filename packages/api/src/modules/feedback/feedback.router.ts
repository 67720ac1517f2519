import { feedbackIdInput, feedbackInput } from '@parkside/validators';
import { adminProcedure, publicProcedure, router } from '../../trpc';
import { audited } from '../audit/audit.service';
import { listFeedback, resolveFeedback, sendFeedback } from './feedback.service';

export const feedbackRouter = router({
  /** Anyone, signed in or not; rate limited per user or client address. */
  send: publicProcedure
    .meta({ scope: 'messages:write' })
    .input(feedbackInput)
    .mutation(({ ctx, input }) =>
      sendFeedback(ctx.db, ctx.limits, { user: ctx.user, clientIp: ctx.clientIp }, input),
    ),

  /** Admins: everything, newest first. */
  list: adminProcedure.query(({ ctx }) => listFeedback(ctx.db)),

  resolve: adminProcedure.input(feedbackIdInput).mutation(({ ctx, input }) =>
    audited(
      ctx,
      (tx) => resolveFeedback(tx, input.id),
      (result) => ({
        action: 'feedback.resolve',
        targetId: input.id,
        targetLabel: `Feedback from ${result.from}`,
      }),
    ),
  ),
});
