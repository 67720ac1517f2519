import { eventByIdInput, eventBySlugInput, eventListInput } from '@parkside/validators';
import { publicProcedure, router } from '../../trpc';
import { getEventById, getEventBySlug, listUpcomingEvents } from './event.service';

export const eventRouter = router({
  /** Upcoming events, soonest first; optional text search and date range; cursor pagination. */
  list: publicProcedure
    .input(eventListInput)
    .query(({ ctx, input }) => listUpcomingEvents(ctx.db, input)),

  /** The event with this slug, e.g. for the landing pages of recurring events. */
  bySlug: publicProcedure
    .input(eventBySlugInput)
    .query(({ ctx, input }) => getEventBySlug(ctx.db, input.slug)),

  byId: publicProcedure
    .input(eventByIdInput)
    .query(({ ctx, input }) => getEventById(ctx.db, input.id)),
});
