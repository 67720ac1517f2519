import type { AppLoadContext } from '@remix-run/node';

/** Upcoming events a driveway can be listed for, soonest first (what the event pickers offer). */
export async function upcomingEventChoices(context: AppLoadContext) {
  const page = await context.api.event.list({ limit: 50 });
  return page.items.map((e) => ({
    id: e.id,
    title: e.title,
    venueName: e.venueName,
    latitude: e.latitude,
    longitude: e.longitude,
    timeZone: e.timeZone,
    startsAt: e.startsAt,
    endsAt: e.endsAt,
  }));
}
