/**
 * Shared caches in front of the site (decision 069): the surrogate keys a signed-out page is
 * stored under, and purgers that drop every page under some keys at a CDN or a Varnish.
 */

/** Every kept page: a purge of it empties the cache of pages. */
export const ALL_PAGES_KEY = 'ps-all';
/** Pages that list events (the home page, /events). */
export const EVENT_LIST_KEY = 'ps-events';
/** Pages that show an event's parking (/rent, driveway pages, its landing page). */
export const eventKey = (eventId: string) => `ps-event-${eventId}`;

/** The keys of a page that shows these events' parking and, maybe, lists events. */
export function surrogateKeys(dependencies: {
  events: readonly string[];
  eventList?: boolean;
}): string[] {
  return [
    ALL_PAGES_KEY,
    ...(dependencies.eventList ? [EVENT_LIST_KEY] : []),
    ...dependencies.events.map(eventKey),
  ];
}

/** The header a cache reads keys from: Varnish's xkey module, or Fastly's (and others'). */
export type SurrogateHeader = 'xkey' | 'Surrogate-Key';

export interface CdnPurger {
  readonly name: string;
  /** Drops every page stored under any of `keys`; throws when a cache did not confirm it. */
  purge(keys: readonly string[]): Promise<void>;
}

export class PurgeError extends Error {
  override name = 'PurgeError';
}

/** The longest wait for a cache to answer a purge. */
const PURGE_TIMEOUT_MS = 5_000;

async function answered(url: string, init: RequestInit): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(PURGE_TIMEOUT_MS) });
  } catch (error) {
    throw new PurgeError(
      `${new URL(url).origin} did not answer the purge: ${(error as Error).message}`,
    );
  }
  if (!response.ok) {
    const text = (await response.text()).slice(0, 200);
    throw new PurgeError(
      `${new URL(url).origin} answered ${response.status} to the purge: ${text}`,
    );
  }
}

/**
 * Varnish with the xkey module (deploy/varnish/parkside.vcl): `PURGE /` with the keys in
 * `xkey-purge`, to each Varnish; it answers 200 once the objects are gone.
 */
export function varnishPurger(urls: readonly string[]): CdnPurger {
  return {
    name: 'varnish',
    async purge(keys) {
      await Promise.all(
        urls.map((url) =>
          answered(url, { method: 'PURGE', headers: { 'xkey-purge': keys.join(' ') } }),
        ),
      );
    },
  };
}

/**
 * Fastly, by its API's "purge by surrogate keys" (POST /service/{service_id}/purge, the keys in
 * the `Surrogate-Key` header, the API token in `Fastly-Key`): at most 256 keys a request.
 * `serviceUrl` is `https://api.fastly.com/service/<service id>`.
 */
export function fastlyPurger(serviceUrl: string, token: string): CdnPurger {
  return {
    name: 'fastly',
    async purge(keys) {
      for (let start = 0; start < keys.length; start += 256) {
        await answered(`${serviceUrl.replace(/\/$/, '')}/purge`, {
          method: 'POST',
          headers: {
            'Fastly-Key': token,
            'Surrogate-Key': keys.slice(start, start + 256).join(' '),
            Accept: 'application/json',
          },
        });
      }
    },
  };
}
