import { cleanSearchText } from '@parkside/validators';
import type { EventFilters } from '~/components/events/event-search-form';

const isDay = (value: string) => /^\d{4}-\d\d-\d\d$/.test(value);
const dayLabel = (day: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/**
 * What an /events address asks for: the search as the box shows it back (without control
 * characters), dates put the right way round (with a notice saying so, keeping the results),
 * the page's cursor, and the "near me" point, or why it cannot be used.
 */
export function readEventFilters(url: URL) {
  const params = url.searchParams;
  const filters: EventFilters = {
    q: cleanSearchText(params.get('q') ?? '').trim(),
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    lat: params.get('lat') ?? '',
    lng: params.get('lng') ?? '',
  };
  const swapped = isDay(filters.from) && isDay(filters.to) && filters.from > filters.to;
  if (swapped) [filters.from, filters.to] = [filters.to, filters.from];
  const notice = swapped
    ? `From was after To, so these are the events from ${dayLabel(filters.from)} to ${dayLabel(filters.to)}.`
    : null;
  const near =
    filters.lat || filters.lng
      ? { latitude: Number(filters.lat || NaN), longitude: Number(filters.lng || NaN) }
      : undefined;
  const nearError =
    near && !(Math.abs(near.latitude) <= 90 && Math.abs(near.longitude) <= 180)
      ? 'That location is not on the map. Press Near me to use yours again.'
      : null;
  return { filters, notice, cursor: params.get('cursor') || undefined, near, nearError };
}
