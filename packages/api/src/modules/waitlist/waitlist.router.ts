import { z } from 'zod';
import { router, verifiedProcedure } from '../../trpc';
import { isOnWaitlist, joinWaitlist } from './waitlist.service';

const eventId = z.object({ eventId: z.uuid({ message: 'Event id must be a UUID.' }) }).strict();

export const waitlistRouter = router({
  /** "Notify me": the signed-in user's own address joins the sold-out event's wait-list. */
  join: verifiedProcedure
    .input(eventId)
    .mutation(({ ctx, input }) => joinWaitlist(ctx.db, ctx.user, input.eventId)),

  status: verifiedProcedure.input(eventId).query(async ({ ctx, input }) => ({
    waiting: await isOnWaitlist(ctx.db, ctx.user, input.eventId),
  })),
});
