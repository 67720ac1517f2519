import { inYears, YEARS_MESSAGE } from './events';
import { multilineText, searchText, text } from './text';
import { z } from './z';

/** Rows on one page of the admin lists. */
export const ADMIN_PAGE_SIZE = 25;
/** The most pages an admin list goes to (a search narrows further). */
export const ADMIN_PAGE_MAX = 400;
export const ADMIN_SEARCH_MAX_LENGTH = 100;
export const AUDIT_PAGE_SIZE = 50;

const search = searchText({ message: 'Search must be text.' })
  .trim()
  .max(ADMIN_SEARCH_MAX_LENGTH, `Search must be at most ${ADMIN_SEARCH_MAX_LENGTH} characters.`)
  .optional();

const page = z
  .number({ message: 'Page must be a number.' })
  .int('Page must be a whole number.')
  .min(1, 'Page must be 1 or more.')
  .max(ADMIN_PAGE_MAX, `Page must be at most ${ADMIN_PAGE_MAX}.`)
  .default(1);

export const adminUsersInput = z.strictObject({ q: search, page });
export const adminUserInput = z.strictObject({
  id: text({ message: 'User id must be text.' })
    .trim()
    .min(1, 'User id is required.')
    .max(100, 'That is not a user id.'),
});

export const ADMIN_EVENT_STATUSES = ['scheduled', 'cancelled', 'archived'] as const;
export const adminEventsInput = z.strictObject({
  q: search,
  status: z.enum(ADMIN_EVENT_STATUSES, { message: 'Status is not one of the choices.' }).optional(),
  page,
});
export const adminEventInput = z.strictObject({
  id: z.uuid({ message: 'Event id must be a UUID.' }),
});

/** The actions the audit log records, as filters name them. */
export const AUDIT_ACTION_NAMES = [
  'admin.grant',
  'admin.revoke',
  'event.edit',
  'event.cancel',
  'event.archive',
  'event.unarchive',
  'feedback.resolve',
  'api_token.create',
  'api_token.revoke',
  'conversation.view',
  'listing.approve',
  'listing.reject',
  'job.retry',
  'job.discard',
  'parking_report.rebook',
  'parking_report.refund',
  'parking_report.reply',
  'parking_report.reverse',
  'booking.undo_check_in',
  'booking.restore',
  'webhook.create',
  'webhook.pause',
  'webhook.resume',
  'webhook.delete',
  'webhook.send_again',
] as const;

const instant = z.iso
  .datetime({ offset: true, message: 'Dates must be ISO 8601 instants.' })
  .refine(inYears, { message: YEARS_MESSAGE });

export const adminAuditInput = z.strictObject({
  action: z.enum(AUDIT_ACTION_NAMES, { message: 'Action is not one of the choices.' }).optional(),
  actor: z
    .email({ message: 'Admin must be an e-mail address.' })
    .max(254, 'Admin must be an e-mail address.')
    .transform((value) => value.toLowerCase())
    .optional(),
  target: text({ message: 'Record must be text.' })
    .trim()
    .min(1, 'Record is required.')
    .max(254, 'Record must be at most 254 characters.')
    .optional(),
  from: instant.optional(),
  to: instant.optional(),
  /** `next` of the previous page. */
  cursor: z
    .string()
    .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z_\d{1,15}$/, 'That page marker is not valid.')
    .optional(),
});

/** Conversations by a participant's e-mail or the event's title. */
export const adminConversationsInput = adminUsersInput;

/** The longest reason an admin gives for rejecting a listing (the host reads it). */
export const LISTING_REJECT_REASON_MAX_LENGTH = 500;

/** An admin approves a listing in review, or rejects it with a reason the host is told. */
export const adminListingDecisionInput = z.discriminatedUnion('decision', [
  z.strictObject({
    listingId: z.uuid({ message: 'Listing id must be a UUID.' }),
    decision: z.literal('approved'),
  }),
  z.strictObject({
    listingId: z.uuid({ message: 'Listing id must be a UUID.' }),
    decision: z.literal('rejected'),
    reason: multilineText({ message: 'Tell the host why the listing is rejected.' })
      .trim()
      .min(3, { message: 'Tell the host why the listing is rejected.' })
      .max(LISTING_REJECT_REASON_MAX_LENGTH, {
        message: `Keep the reason under ${LISTING_REJECT_REASON_MAX_LENGTH} characters.`,
      }),
  }),
]);
export type AdminListingDecisionInput = z.infer<typeof adminListingDecisionInput>;

/** A failed background job an admin retries or discards on the System page. */
export const adminJobInput = z.strictObject({
  id: z
    .number({ message: 'Job id must be a number.' })
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER),
});
