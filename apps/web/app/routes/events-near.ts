import type { LoaderFunctionArgs } from '@remix-run/node';
import { tryApi } from '~/.server/api-errors';

/**
 * For "List for more events" on My Listings: the upcoming events within `?miles=` of the host's
 * driveway `?driveway=` that it is not listed for yet. Always 200 (a fetcher's error would
 * replace the page); `events: null` when they cannot be read.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const miles = Number(params.get('miles') ?? 2);
  const result = await tryApi(() =>
    context.api.listing.eventsNear({
      drivewayId: params.get('driveway') ?? '',
      miles: Number.isFinite(miles) ? miles : 2,
    }),
  );
  return Response.json(
    { events: result.ok ? result.value : null },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}
