import {
  ADMIN_PAGE_SIZE,
  adminAuditInput,
  adminBookingReversalInput,
  adminConversationInput,
  adminConversationsInput,
  adminEmailInput,
  adminEventInput,
  adminEventsInput,
  adminJobInput,
  adminListingDecisionInput,
  adminParkingReportReverseInput,
  adminUserInput,
  adminUsersInput,
  AUDIT_PAGE_SIZE,
} from '@parkside/validators';
import { adminProcedure, router } from '../../trpc';
import { inTransaction } from '../../transaction';
import { actorOf, audited, listAudit, recordAudit } from '../audit/audit.service';
import { requireConversation, listConversations } from './admin-conversations.service';
import { requireEventForAdmin, listAllEvents } from './admin-events.service';
import { requireUserDetails, listAdmins, listUsers } from './admin-users.service';
import { decideListing, listReviewQueue } from './admin-listings.service';
import { listParkingReports, reverseParkingReport } from './admin-parking-reports.service';
import { discardJob, retryJob, systemStatus } from './admin-system.service';
import { getOverview } from './admin.service';
import { pendingWork } from './admin-pending.service';
import { restoreBooking, undoCheckIn } from './admin-bookings.service';
import { grantAdmin, revokeAdmin } from './admins.service';

export const adminRouter = router({
  /** The figures of /admin, in one round of queries. */
  overview: adminProcedure.meta({ reads: 'replica' }).query(({ ctx }) => getOverview(ctx.db)),

  /** What waits for an admin: listings to review, reports, failed jobs, unsent mail. */
  pendingWork: adminProcedure.query(({ ctx }) => pendingWork(ctx.db)),

  /** People by e-mail or name, newest first. */
  users: adminProcedure
    .input(adminUsersInput)
    .query(({ ctx, input }) =>
      listUsers(ctx.db, { q: input.q, page: input.page, pageSize: ADMIN_PAGE_SIZE }),
    ),

  /** One person: profile, sign-in methods, bookings, driveways and events. */
  user: adminProcedure
    .input(adminUserInput)
    .query(({ ctx, input }) => requireUserDetails(ctx.db, input.id)),

  /** Every admin e-mail, and the account that uses it, if any yet. */
  admins: adminProcedure.query(({ ctx }) => listAdmins(ctx.db)),

  /** Admins by e-mail: granting one that has no account yet makes it an admin on sign-up. */
  grantAdmin: adminProcedure.input(adminEmailInput).mutation(({ ctx, input }) =>
    audited(
      ctx,
      (tx) => grantAdmin(tx, input.email),
      (result) =>
        result.granted
          ? { action: 'admin.grant', targetId: result.email, targetLabel: result.email }
          : null,
    ),
  ),

  /** Never the last admin. */
  revokeAdmin: adminProcedure.input(adminEmailInput).mutation(({ ctx, input }) =>
    audited(
      ctx,
      (tx) => revokeAdmin(tx, input.email),
      (result) => ({ action: 'admin.revoke', targetId: result.email, targetLabel: result.email }),
    ),
  ),

  /** Every event, whatever its status; by title, venue or city. */
  events: adminProcedure
    .input(adminEventsInput)
    .query(({ ctx, input }) => listAllEvents(ctx.db, { ...input, pageSize: ADMIN_PAGE_SIZE })),

  /** One event with its listings, bookings and wait-list, and what cancelling it would do. */
  event: adminProcedure
    .input(adminEventInput)
    .query(({ ctx, input }) => requireEventForAdmin(ctx.db, input.id)),

  /** Every driver–host conversation, latest first; by a participant's e-mail or the event. */
  conversations: adminProcedure
    .input(adminConversationsInput)
    .query(({ ctx, input }) =>
      listConversations(ctx.db, { q: input.q, page: input.page, pageSize: ADMIN_PAGE_SIZE }),
    ),

  /**
   * One conversation, read-only. Every call is a view on the record (the audit log), written
   * in the same transaction as the read, and listed with the conversation.
   */
  conversation: adminProcedure.input(adminConversationInput).query(({ ctx, input }) =>
    inTransaction(ctx.db, async (tx) => {
      const found = await requireConversation(tx, input.id);
      const { conversation: c } = found;
      const view = await recordAudit(tx, actorOf(ctx), {
        action: 'conversation.view',
        targetId: c.id,
        targetLabel: `${c.driverName ?? 'Driver'} and ${c.hostName ?? 'host'} · ${c.eventTitle}`,
      });
      return { ...found, views: [{ ...view, at: view.at.toISOString() }, ...found.views] };
    }),
  ),

  /** The audit log, newest first, filtered; `cursor` is the previous page's `next`. */
  audit: adminProcedure.input(adminAuditInput).query(({ ctx, input }) => {
    const [at, seq] = input.cursor?.split('_') ?? [];
    return listAudit(ctx.db, {
      action: input.action,
      actor: input.actor,
      target: input.target,
      from: input.from ? new Date(input.from) : undefined,
      to: input.to ? new Date(input.to) : undefined,
      after: at && seq ? { at: new Date(at), seq: Number(seq) } : undefined,
      limit: AUDIT_PAGE_SIZE,
    });
  }),

  /** Listings waiting for review, oldest first, with their flags (/admin/listings). */
  listingQueue: adminProcedure.query(({ ctx }) => listReviewQueue(ctx.db)),

  /** Approves a listing in review (it goes live) or rejects it with a reason; the host hears. */
  decideListing: adminProcedure.input(adminListingDecisionInput).mutation(({ ctx, input }) =>
    audited(
      ctx,
      (tx) => decideListing(tx, input, ctx.settings.publicUrl),
      (result) => ({
        action: result.decision === 'approved' ? 'listing.approve' : 'listing.reject',
        targetId: result.listingId,
        targetLabel: result.label,
        details: result.reason ? { reason: result.reason } : undefined,
      }),
    ),
  ),

  /** The System page: live servers, the job queue, failed jobs, migrations. */
  system: adminProcedure.query(({ ctx }) => systemStatus(ctx.db)),

  /** A failed job runs again now (audited). */
  retryJob: adminProcedure.input(adminJobInput).mutation(({ ctx, input }) =>
    audited(
      ctx,
      (tx) => retryJob(tx, input.id),
      (job) => ({ action: 'job.retry', targetId: String(job.id), targetLabel: job.task }),
    ),
  ),

  /** A failed job is dropped for good (audited). */
  discardJob: adminProcedure.input(adminJobInput).mutation(({ ctx, input }) =>
    audited(
      ctx,
      (tx) => discardJob(tx, input.id),
      (job) => ({ action: 'job.discard', targetId: String(job.id), targetLabel: job.task }),
    ),
  ),

  /** "I can't park here" reports: evidence, outcome, the host's answer, flagged hosts. */
  parkingReports: adminProcedure.query(({ ctx }) => listParkingReports(ctx.db)),

  /** A report found unfounded stops counting against its host (audited, with the reason). */
  reverseParkingReport: adminProcedure
    .input(adminParkingReportReverseInput)
    .mutation(({ ctx, input }) =>
      audited(
        ctx,
        (tx) => reverseParkingReport(tx, ctx.user.id, input),
        (report) => ({
          action: 'parking_report.reverse',
          targetId: report.id,
          targetLabel: report.label,
          details: { reason: input.reason },
        }),
      ),
    ),

  /** A check-in made by mistake is undone: the booking is confirmed again (audited, with why). */
  undoCheckIn: adminProcedure
    .input(adminBookingReversalInput)
    .mutation(({ ctx, input }) => undoCheckIn(ctx.db, actorOf(ctx), input)),

  /** A cancelled booking is confirmed again, when its space is still free (audited, with why). */
  restoreBooking: adminProcedure
    .input(adminBookingReversalInput)
    .mutation(({ ctx, input }) =>
      restoreBooking(ctx.db, actorOf(ctx), input, ctx.settings.publicUrl),
    ),
});
