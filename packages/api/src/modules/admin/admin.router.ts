import { adminProcedure, router } from '../../trpc';
import { getOverview } from './admin.service';

export const adminRouter = router({
  overview: adminProcedure.query(({ ctx }) => getOverview(ctx.db)),
});
