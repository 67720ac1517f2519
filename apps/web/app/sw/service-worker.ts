/// <reference lib="webworker" />
/**
 * The service worker (decision 042): the site installs like an app, and the pages a driver or a
 * host needs on game day open with no signal.
 *
 * - The build's scripts and styles are precached, so a saved page hydrates offline.
 * - Pages always come from the network. When it fails (or hangs, as stadium networks do), a
 *   page the phone saved for offline is served: the driver's passes and the host's arrivals,
 *   saved by the pages themselves into SAVED_CACHE (app/offline/saved-pages.ts). Any other page
 *   sends the browser to /offline, which lists what is saved. No other signed-in page is kept.
 * - Sign-out clears every cache (the server answers with Clear-Site-Data, the page clears too).
 */
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { OFFLINE_PAGE, SAVED_CACHE, SAVED_INDEX, SHELL_CACHE } from '../offline/names';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: { url: string; revision: string | null }[];
};
/** Changes with every build: a new worker fetches the offline page of its own build. */
declare const PARKSIDE_BUILD: string;

/** A saved page is served when the network has not answered a page in this long. */
const SAVED_PAGE_PATIENCE_MS = 4_000;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      // Fetched signed out: the offline page shows nobody's name, whoever installed it.
      const page = await fetch(OFFLINE_PAGE, { credentials: 'omit', cache: 'no-store' });
      if (!page.ok) throw new Error(`The offline page answered ${page.status}`);
      const shell = await caches.open(SHELL_CACHE);
      await shell.put(OFFLINE_PAGE, page);
      await shell.put('/__build', new Response(PARKSIDE_BUILD));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

async function savedCopy(path: string): Promise<Response | undefined> {
  const saved = await caches.open(SAVED_CACHE);
  return saved.match(path);
}

/** The network's answer, or null when it failed or took too long while a copy is waiting. */
async function fromNetwork(request: Request, patienceMs: number | null): Promise<Response | null> {
  const network = fetch(request).catch(() => null);
  if (patienceMs === null) return network;
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), patienceMs));
  return Promise.race([network, late]);
}

registerRoute(
  new NavigationRoute(async ({ request }) => {
    const url = new URL(request.url);
    const copy = url.pathname === SAVED_INDEX ? undefined : await savedCopy(url.pathname);
    const answer = await fromNetwork(request, copy ? SAVED_PAGE_PATIENCE_MS : null);
    if (answer) return answer;
    if (copy) return copy;
    if (url.pathname === OFFLINE_PAGE) {
      const shell = await caches.open(SHELL_CACHE);
      const page = await shell.match(OFFLINE_PAGE);
      if (page) return page;
    }
    const to = new URL(OFFLINE_PAGE, url.origin);
    to.searchParams.set('from', url.pathname);
    return Response.redirect(to.href, 303);
  }),
);

// A saved page's photo, when the network cannot bring it.
registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin === self.location.origin,
  new NetworkOnly(),
);
setCatchHandler(async ({ request }) => {
  if (request.destination === 'image') {
    const photo = await savedCopy(new URL(request.url).pathname);
    if (photo) return photo;
  }
  return Response.error();
});
