import type { LoaderFunctionArgs } from '@remix-run/node';
import { tryApi } from '~/.server/api-errors';
import { numberParam } from '~/utils/number-param';

/**
 * The upcoming events within `?miles=` of the host's driveway `?driveway=` that it is not listed
 * for yet ("List for more events" on My Listings), or of the pin `?lat=&lng=` of a driveway not
 * saved yet (its own form). Always 200 (a fetcher's error would replace the page); `events: null`
 * when they cannot be read.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const miles = numberParam(params.get('miles')) ?? 2;
  const latitude = numberParam(params.get('lat'));
  const longitude = numberParam(params.get('lng'));
  const result = await tryApi(() =>
    latitude !== undefined && longitude !== undefined
      ? context.api.listing.eventsNearPoint({ latitude, longitude, miles })
      : context.api.listing.eventsNear({ drivewayId: params.get('driveway') ?? '', miles }),
  );
  return Response.json(
    { events: result.ok ? result.value : null },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}
