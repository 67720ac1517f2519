import type { EventSummary } from '@parkside/api';
import type { AppLoadContext } from '@remix-run/node';
import { tryApi } from './api-errors';
import { siteMoneyTerms } from './money-terms';

/** The event while it is scheduled and not over; otherwise its date is "to be announced". */
function upcomingOnly(event: EventSummary, now = new Date()): EventSummary | null {
  return event.status === 'scheduled' && new Date(event.endsAt) > now ? event : null;
}

/** The next date of a recurring event for its host-recruiting page; null when none is scheduled. */
export async function loadLandingEvent(context: AppLoadContext, slug: string) {
  const result = await tryApi(() => context.api.event.bySlug({ slug }));
  return {
    event: result.ok ? upcomingOnly(result.value) : null,
    terms: siteMoneyTerms(context),
  };
}
