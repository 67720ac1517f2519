import { waitForDatabase } from '@parkside/db';
import { publicProcedure, router } from '../../trpc';

export const systemRouter = router({
  /**
   * Whether the database answers; the web app's /healthz turns this into 200 or 503. Cut
   * connections are replaced by fresh ones for up to three seconds: only a database that is away,
   * or not back within them, reads as down.
   */
  health: publicProcedure.query(async ({ ctx }) => ({
    database: (await waitForDatabase(ctx.db)) ? ('up' as const) : ('down' as const),
  })),
});
