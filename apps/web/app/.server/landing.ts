import type { AppLoadContext } from '@remix-run/node';
import { upcomingOnly } from '~/components/marketing/event-landing';
import { tryApi } from './api-errors';

/** The next date of a recurring event for its host-recruiting page; null when none is scheduled. */
export async function loadLandingEvent(context: AppLoadContext, slug: string) {
  const result = await tryApi(() => context.api.event.bySlug({ slug }));
  return { event: result.ok ? upcomingOnly(result.value) : null, feeBps: context.platformFeeBps };
}
