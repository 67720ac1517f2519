import type { LoaderFunctionArgs } from '@remix-run/node';
import { numberParam } from '~/utils/number-param';
import { httpStatusOf, publicMessageOf } from '@parkside/api/errors';
import { TRPCError } from '@trpc/server';

/** A refusal (bad input, the limit) or the provider not answering, in words for the host. */
async function attempt<T>(call: () => Promise<T>) {
  try {
    return { ok: true as const, value: await call() };
  } catch (error) {
    const expected =
      error instanceof TRPCError &&
      (httpStatusOf(error) < 500 || error.code === 'SERVICE_UNAVAILABLE');
    if (!expected) throw error;
    // The provider not answering is said in the API's own words (how to go on without it).
    const words = error.code === 'SERVICE_UNAVAILABLE' ? error.message : publicMessageOf(error);
    return { ok: false as const, error: words };
  }
}

/**
 * Address search for the host forms: `?q=…&mode=suggest|search` (with `near=lat,lng` to prefer
 * places around the venue) or `?lat=…&lng=…` for the address at a dropped pin. Always 200 with
 * `{ query, places, error }`: a fetcher's error would replace the host's form with an error
 * screen, and the pin and typed coordinates still work when search does not.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const query = params.get('q');
  const [nearLat, nearLng] = (params.get('near') ?? '').split(',').map((v) => numberParam(v));
  const near =
    nearLat !== undefined && nearLng !== undefined
      ? { latitude: nearLat, longitude: nearLng }
      : undefined;
  const { geocode } = context.api;
  const result =
    query === null
      ? await attempt(async () => {
          const place = await geocode.reverse({
            latitude: numberParam(params.get('lat')) ?? Number.NaN,
            longitude: numberParam(params.get('lng')) ?? Number.NaN,
          });
          return place ? [place] : [];
        })
      : await attempt(() =>
          params.get('mode') === 'search'
            ? geocode.search({ query, near })
            : geocode.suggest({ query, near }),
        );
  return Response.json(
    result.ok
      ? { query, places: result.value, error: null }
      : { query, places: [], error: result.error },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}
