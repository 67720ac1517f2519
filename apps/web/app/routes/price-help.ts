import type { LoaderFunctionArgs } from '@remix-run/node';
import { numberParam } from '~/utils/number-param';
import { tryApi } from '~/.server/api-errors';

/**
 * Price help for the host's price field: what open listings within a mile ask for the same event
 * (`?event=ID`, and `lat`, `lng` of the driveway and `exclude` of a listing being edited).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const result = await tryApi(() =>
    context.api.listing.priceHelp({
      eventId: params.get('event') ?? '',
      latitude: numberParam(params.get('lat')),
      longitude: numberParam(params.get('lng')),
      excludeListingId: params.get('exclude') || undefined,
    }),
  );
  // Always 200: a fetcher's error would replace the host's whole page with an error screen, and
  // help that cannot be given (an event gone, a bad position) is simply not shown.
  return Response.json(result.ok ? { help: result.value } : { help: null }, {
    headers: { 'Cache-Control': 'private, max-age=30' },
  });
}
