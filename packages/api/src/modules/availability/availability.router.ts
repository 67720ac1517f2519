import { z } from 'zod';
import { publicProcedure, router } from '../../trpc';
import { availabilityForEvents } from './availability.service';

export const availabilityRouter = router({
  /** For event cards: spaces left and the lowest price of each event. */
  forEvents: publicProcedure
    .input(
      z
        .object({
          eventIds: z
            .array(z.uuid({ message: 'Event ids must be UUIDs.' }))
            .max(100, 'Ask for at most 100 events at a time.'),
        })
        .strict(),
    )
    .query(({ ctx, input }) => availabilityForEvents(ctx.db, input.eventIds)),
});
