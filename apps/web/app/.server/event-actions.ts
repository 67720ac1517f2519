import { publicMessageOf } from '@parkside/api/errors';
import type { EventStatus } from '@parkside/validators';
import { EVENT_SEARCH_MAX_LENGTH, eventCancelText, MY_EVENTS_PAGE_MAX } from '@parkside/validators';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { pageParam, searchParam } from '~/utils/paging';
import { currentPath, requireVerifiedUser } from './auth';
import { redirectWithToast } from './toast';
import { siteMoneyTerms } from './money-terms';

/**
 * The page of /registered-events or /archived-events the address asks for: your events in
 * `statuses` (an admin's: everyone's), narrowed by `?q=`, at `?page=`.
 */
export async function loadManagedEvents(
  { request, context }: LoaderFunctionArgs,
  statuses: EventStatus[],
) {
  const user = requireVerifiedUser(context, request);
  const q = searchParam(request, EVENT_SEARCH_MAX_LENGTH);
  const list = await context.api.event.mine({
    statuses,
    q,
    page: pageParam(request, MY_EVENTS_PAGE_MAX),
  });
  return {
    events: list.items,
    q,
    page: list.page,
    hasMore: list.hasMore,
    isAdmin: user.isAdmin,
    terms: siteMoneyTerms(context),
  };
}

/**
 * Cancel, archive and unarchive from /registered-events and /archived-events, back to the same
 * page of the same search. The buttons show only to admins; the API refuses everyone else (403)
 * whatever the page showed.
 */
export async function manageEventAction({ request, context }: ActionFunctionArgs) {
  requireVerifiedUser(context, request);
  const backTo = currentPath(request);
  const form = await request.formData();
  const [intent] = String(form.get('intent') ?? '').split('-');
  const id = String(form.get('id') ?? '');
  try {
    switch (intent) {
      case 'cancel': {
        const reason = String(form.get('reason') ?? '');
        const { event, cancelledBookings } = await context.api.event.cancel({ id, reason });
        return redirectWithToast(backTo, {
          type: 'success',
          title: `${event.title} is cancelled.`,
          description:
            cancelledBookings > 0
              ? eventCancelText(siteMoneyTerms(context), cancelledBookings, 'after')
              : 'It had no bookings.',
        });
      }
      case 'archive': {
        const event = await context.api.event.archive({ id });
        return redirectWithToast(backTo, {
          type: 'success',
          title: `${event.title} is archived.`,
          description: 'Find it under Archived events.',
        });
      }
      case 'unarchive': {
        const event = await context.api.event.unarchive({ id });
        return redirectWithToast(backTo, {
          type: 'success',
          title: `${event.title} is back on Registered events.`,
        });
      }
      default:
        return redirectWithToast(backTo, { type: 'error', title: 'Unknown action.' });
    }
  } catch (error) {
    return redirectWithToast(backTo, { type: 'error', title: publicMessageOf(error) });
  }
}
