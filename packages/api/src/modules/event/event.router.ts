import type { Database } from '@parkside/db';
import type { EventSummary } from '../../shared/events';
import {
  eventByIdInput,
  eventBySlugInput,
  eventCancelInput,
  eventCreateInput,
  eventImportInput,
  eventListInput,
  eventMineInput,
  eventUpdateInput,
} from '@parkside/validators';
import { adminProcedure, replicaReadProcedure, router, verifiedProcedure } from '../../trpc';
import { archiveEvent, cancelEvent, unarchiveEvent } from './event-status.service';
import { createEvent, importEvents } from './event-management.service';
import { requireEventForEdit, updateEvent } from './event-editing.service';
import { listManagedEvents } from './managed-events.queries';
import { requireEventById, requireEventBySlug, listUpcomingEvents } from './event-search.service';
import { audited, auditedForAdmins } from '../audit/audit.service';

/** An admin's archive or unarchive of one event, audited with the event's title. */
function archival(
  action: 'event.archive' | 'event.unarchive',
  change: (tx: Database, id: string) => Promise<EventSummary>,
) {
  return adminProcedure.input(eventByIdInput).mutation(({ ctx, input }) =>
    audited(
      ctx,
      (tx) => change(tx, input.id),
      (event) => ({ action, targetId: event.id, targetLabel: event.title }),
    ),
  );
}

export const eventRouter = router({
  /**
   * Upcoming events, soonest first; optional text search and date range; cursor pagination.
   * With `near`, nearest first, each with `distanceMiles`.
   */
  list: replicaReadProcedure
    .input(eventListInput)
    .query(({ ctx, input }) => listUpcomingEvents(ctx.db, input)),

  /** The event with this slug, e.g. for the landing pages of recurring events. */
  bySlug: replicaReadProcedure
    .input(eventBySlugInput)
    .query(({ ctx, input }) => requireEventBySlug(ctx.db, input.slug)),

  byId: replicaReadProcedure
    .input(eventByIdInput)
    .query(({ ctx, input }) => requireEventById(ctx.db, input.id)),

  /** Registers an event; the signed-in user becomes its creator. */
  create: verifiedProcedure
    .meta({ scope: 'events:write' })
    .input(eventCreateInput)
    .mutation(({ ctx, input }) => createEvent(ctx.db, ctx.limits, ctx.user, input)),

  /**
   * Registers a batch of events (at most 100) for tools: all or none; a row whose import key
   * the caller already imported is returned, not made again.
   */
  import: verifiedProcedure
    .meta({ scope: 'events:write' })
    .input(eventImportInput)
    .mutation(({ ctx, input }) => importEvents(ctx.db, ctx.limits, ctx.user, input.events)),

  /** The event for the edit form: its creator while scheduled, or an admin (NOT_FOUND else). */
  forEdit: verifiedProcedure
    .input(eventByIdInput)
    .query(({ ctx, input }) => requireEventForEdit(ctx.db, ctx.user, input.id)),

  /** Replaces every field: the creator while scheduled, or an admin (NOT_FOUND for others). */
  update: verifiedProcedure
    .meta({ scope: 'events:write' })
    .input(eventUpdateInput)
    .mutation(({ ctx, input }) =>
      auditedForAdmins(
        ctx,
        (tx) => updateEvent(tx, ctx.user, input),
        (event) => ({ action: 'event.edit', targetId: event.id, targetLabel: event.title }),
      ),
    ),

  /** Your events; every event for an admin. */
  mine: verifiedProcedure
    .input(eventMineInput)
    .query(({ ctx, input }) => listManagedEvents(ctx.db, ctx.user, input)),

  /** Admins: cancels the event and every booking on it, with full refunds and e-mails. */
  cancel: adminProcedure.input(eventCancelInput).mutation(({ ctx, input }) =>
    audited(
      ctx,
      (tx) => cancelEvent(tx, input, { publicUrl: ctx.settings.publicUrl }),
      (result) => ({
        action: 'event.cancel',
        targetId: result.event.id,
        targetLabel: result.event.title,
        details: { cancelledBookings: result.cancelledBookings, reason: input.reason },
      }),
    ),
  ),

  archive: archival('event.archive', archiveEvent),

  unarchive: archival('event.unarchive', unarchiveEvent),
});
