import { eventByIdInput, eventListInput } from '@parkside/validators';
import { publicProcedure, router } from '../../trpc';
import { getEventById, listUpcomingEvents } from './event.service';

export const eventRouter = router({
  /** Upcoming events, soonest first; optional text search and date range; cursor pagination. */
  list: publicProcedure
    .input(eventListInput)
    .query(({ ctx, input }) => listUpcomingEvents(ctx.db, input)),

  byId: publicProcedure
    .input(eventByIdInput)
    .query(({ ctx, input }) => getEventById(ctx.db, input.id)),
});
