import type { EventPage, EventSummary } from '@parkside/api';
import { formatUsd } from '@parkside/validators';
import { Link } from '@remix-run/react';
import { formatEventStart } from '~/utils/event-time';
import { EventImage } from '~/components/events/event-image';

/** "0.4 mi", "12.3 mi", "1,204 mi". */
export function formatMiles(miles: number): string {
  if (miles >= 100) return `${Math.round(miles).toLocaleString('en-US')} mi`;
  return `${miles.toFixed(1)} mi`;
}

/** What is left to book for an event: free spaces and the cheapest one. */
export interface CardAvailability {
  spacesLeft: number;
  lowestPriceCents: number | null;
}

function AvailabilityLine({ availability }: { availability: CardAvailability }) {
  if (availability.spacesLeft > 0 && availability.lowestPriceCents !== null) {
    return (
      <p className="text-sm text-slate-700">
        <span className="text-ink font-bold">From {formatUsd(availability.lowestPriceCents)}</span>
        <span aria-hidden="true"> · </span>
        <span className="sr-only">, </span>
        {availability.spacesLeft} {availability.spacesLeft === 1 ? 'space' : 'spaces'} left
      </p>
    );
  }
  return <p className="text-sm font-semibold text-amber-800">No spaces free right now</p>;
}

/**
 * What an event's card shows, and all a page that lists events sends the browser of each: an
 * event's description, address, links and figures stay on the server (they cost every request
 * encoding them and every phone downloading them).
 */
export type EventCardEvent = Pick<
  EventSummary,
  'id' | 'title' | 'venueName' | 'city' | 'region' | 'startsAt' | 'timeZone' | 'imageUrl'
> & { distanceMiles?: number };

export function toEventCard(event: EventSummary): EventCardEvent {
  const { id, title, venueName, city, region, startsAt, timeZone, imageUrl } = event;
  const card: EventCardEvent = { id, title, venueName, city, region, startsAt, timeZone, imageUrl };
  if (event.distanceMiles !== undefined) card.distanceMiles = event.distanceMiles;
  return card;
}

/** A page of events as their cards show them. */
export type EventCardPage = Omit<EventPage, 'items'> & { items: EventCardEvent[] };

export const toEventCardPage = (page: EventPage): EventCardPage => ({
  ...page,
  items: page.items.map(toEventCard),
});

export function EventCard({
  event,
  availability,
}: {
  event: EventCardEvent;
  availability?: CardAvailability;
}) {
  const headingId = `event-${event.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="group flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md"
    >
      <EventImage url={event.imageUrl} lazy />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-brand-800 text-sm font-semibold">
          <time dateTime={event.startsAt}>{formatEventStart(event.startsAt, event.timeZone)}</time>
        </p>
        <h3 id={headingId} className="text-ink text-lg leading-snug font-bold">
          {event.title}
        </h3>
        <p className="text-sm text-slate-600">
          {event.venueName}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {event.city}, {event.region}
        </p>
        {event.distanceMiles !== undefined ? (
          <p className="text-sm font-semibold text-slate-800">
            {formatMiles(event.distanceMiles)} away
          </p>
        ) : null}
        {availability ? <AvailabilityLine availability={availability} /> : null}
        <div className="mt-auto pt-3">
          <Link
            to={`/rent?event=${event.id}`}
            className="text-brand-800 inline-flex items-center gap-1 text-sm font-semibold hover:underline"
            aria-label={`Find parking for ${event.title}`}
          >
            Find parking <span aria-hidden="true">→</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
