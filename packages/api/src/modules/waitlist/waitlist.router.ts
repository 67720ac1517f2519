import { z } from 'zod';
import { publicProcedure, router, signedInProcedure, verifiedProcedure } from '../../trpc';
import { isOnWaitlist } from '../../shared/waitlist';
import { eventSpacesLeft } from '../../shared/listings';
import { joinWaitlist } from './waitlist.service';

const eventId = z.object({ eventId: z.uuid({ message: 'Event id must be a UUID.' }) }).strict();

export const waitlistRouter = router({
  /** "Notify me": the signed-in user's own address joins the sold-out event's wait-list. */
  join: verifiedProcedure
    .meta({ scope: 'bookings:write' })
    .input(eventId)
    .mutation(({ ctx, input }) => joinWaitlist(ctx.db, ctx.user, input.eventId)),

  /** Whether the signed-in user waits for a space at the event (what /rent shows a driver). */
  waiting: signedInProcedure
    .input(eventId)
    .query(({ ctx, input }) => isOnWaitlist(ctx.db, ctx.user, input.eventId)),

  /** Spaces left on the event, and whether the signed-in user is waiting for some. */
  status: publicProcedure.input(eventId).query(async ({ ctx, input }) => ({
    spacesLeft: await eventSpacesLeft(ctx.db, input.eventId),
    waiting: ctx.user ? await isOnWaitlist(ctx.db, ctx.user, input.eventId) : false,
  })),
});
