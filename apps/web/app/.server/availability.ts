import type { ApiCaller } from '@parkside/api';
import type { CardAvailability } from '~/components/events/event-card';

/** Spaces left and lowest price for the event cards of a page, by event id. */
export async function availabilityOf(
  api: ApiCaller,
  events: { id: string }[],
): Promise<Record<string, CardAvailability>> {
  if (events.length === 0) return {};
  const rows = await api.availability.forEvents({ eventIds: events.map((e) => e.id) });
  return Object.fromEntries(rows.map(({ eventId, ...availability }) => [eventId, availability]));
}
