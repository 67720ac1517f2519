import type { LoaderFunctionArgs } from '@remix-run/node';
import { tryApi } from '~/.server/api-errors';
import { formatEventStart } from '~/utils/event-time';

/** Live suggestions for the home page search: a few upcoming events matching the text. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim();
  if (q.length < 2) return Response.json({ suggestions: [] });
  const result = await tryApi(() => context.api.event.list({ q: q.slice(0, 100), limit: 6 }));
  const suggestions = result.ok
    ? result.value.items.map((event) => ({
        id: event.id,
        title: event.title,
        place: `${event.venueName} · ${event.city}, ${event.region}`,
        when: formatEventStart(event.startsAt, event.timeZone),
      }))
    : [];
  return Response.json({ suggestions }, { headers: { 'Cache-Control': 'private, max-age=30' } });
}
