import type { ApiCaller } from '@parkside/api';

type EventSummary = Awaited<ReturnType<ApiCaller['listing']['rentPage']>>['event'];

/**
 * What a parking page shows of its event, and no more: every request carries its data to the
 * browser, and an event's description can run to paragraphs.
 */
export function shownEvent(event: EventSummary) {
  return {
    id: event.id,
    title: event.title,
    status: event.status,
    imageUrl: event.imageUrl,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    timeZone: event.timeZone,
    venueName: event.venueName,
    street: event.street,
    city: event.city,
    region: event.region,
    latitude: event.latitude,
    longitude: event.longitude,
  };
}
