import { publicProcedure, router } from '../../trpc';

export const systemRouter = router({
  /** Whether the database answers; the web app's /healthz turns this into 200 or 503. */
  health: publicProcedure.query(async ({ ctx }) => {
    try {
      await ctx.db.execute('select 1');
      return { database: 'up' as const };
    } catch {
      return { database: 'down' as const };
    }
  }),
});
