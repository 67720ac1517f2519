import type { AppLoadContext } from '@remix-run/node';
import type { CardAvailability } from '~/components/events/event-card';

/** Spaces left and lowest price for the event cards of a page, by event id. */
export async function availabilityOf(
  context: AppLoadContext,
  events: { id: string }[],
): Promise<Record<string, CardAvailability>> {
  if (events.length === 0) return {};
  const rows = await context.api.availability.forEvents({ eventIds: events.map((e) => e.id) });
  return Object.fromEntries(rows.map(({ eventId, ...availability }) => [eventId, availability]));
}
