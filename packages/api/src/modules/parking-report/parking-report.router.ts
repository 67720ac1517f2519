import {
  parkingReportCreateInput,
  parkingReportOptionsInput,
  parkingReportReplyInput,
} from '@parkside/validators';
import { router, verifiedProcedure } from '../../trpc';
import { actorOf } from '../audit/audit.service';
import { createReport, reportOptions } from './parking-report.service';
import { listHostReports, replyToReport } from './parking-report-host.service';

/** "I can't park here": the booking's driver reports; the reported driveway's host answers. */
export const parkingReportRouter = router({
  /** What the report page of one of the driver's bookings offers now. */
  options: verifiedProcedure.input(parkingReportOptionsInput).query(({ ctx, input }) =>
    reportOptions(ctx.db, ctx.user, input.bookingId, {
      withAlternative: input.alternative ?? true,
    }),
  ),

  /** Files the report and carries out the choice, once per booking. */
  create: verifiedProcedure
    .meta({ scope: 'bookings:write' })
    .input(parkingReportCreateInput)
    .mutation(({ ctx, input }) =>
      createReport(ctx.db, actorOf(ctx), input, {
        settings: ctx.settings,
        payments: ctx.payments,
        storage: ctx.storage,
      }),
    ),

  /** Reports about the signed-in host's driveways. */
  forHost: verifiedProcedure.query(({ ctx }) => listHostReports(ctx.db, ctx.user)),

  /** The host's answer, once. */
  reply: verifiedProcedure
    .meta({ scope: 'listings:write' })
    .input(parkingReportReplyInput)
    .mutation(({ ctx, input }) => replyToReport(ctx.db, actorOf(ctx), input)),
});
