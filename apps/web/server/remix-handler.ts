/**
 * Express in front of Remix: each request becomes a Fetch `Request`, Remix answers it, and the
 * `Response` is written back (what @remix-run/express does), with one addition: the pages in
 * `EVENT_PAGES` are served to signed-out visitors from the page cache when it has them
 * (decision 020).
 */
import {
  createReadableStreamFromReadable,
  createRequestHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from '@remix-run/node';
import type {
  Request as ExpressRequest,
  RequestHandler,
  Response as ExpressResponse,
} from 'express';
import type { CachedPage, PageCache } from './page-cache';

/**
 * The pages kept for signed-out visitors, each belonging to the event in its `event`
 * parameter: /rent as a document, and its data as client-side navigation asks for it.
 */
const EVENT_PAGES = new Set(['/rent', '/rent.data']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Headers a kept response must not repeat: the body is sent whole, compressed per request. */
const NOT_KEPT = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'x-cache']);

export interface RemixHandlerOptions {
  build: () => Promise<ServerBuild>;
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  pageCache?: PageCache;
  /**
   * Whether this request gets the page every signed-out visitor gets: no session, nothing
   * pending for it alone (a toast).
   */
  seesPublicPage: (req: ExpressRequest, res: ExpressResponse) => boolean;
  /** The CSP nonce of this response. */
  nonceOf: (res: ExpressResponse) => string;
}

/** Express's request headers as a Fetch `Headers` (Remix's requests, the API's context). */
export function fetchHeadersOf(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(key, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(key, v);
  }
  return headers;
}

function remixRequestOf(req: ExpressRequest, res: ExpressResponse): Request {
  // req.hostname honours "trust proxy"; it has no port, so take the forwarded or Host header's.
  const port = [req.get('x-forwarded-host'), req.get('host')]
    .map((host) => Number.parseInt(host?.split(':')[1] ?? '', 10))
    .find(Number.isSafeInteger);
  const url = new URL(
    `${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`,
  );
  // Abandon loaders and actions when the client goes away before the response is written.
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: 'half' } = {
    method: req.method,
    headers: fetchHeadersOf(req),
    signal: controller.signal,
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = 'half';
  }
  return new Request(url.href, init);
}

async function send(res: ExpressResponse, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

function sendKept(res: ExpressResponse, page: CachedPage, nonce: string, cache: 'hit' | 'miss') {
  res.status(page.status);
  for (const [key, value] of page.headers) res.append(key, value);
  res.setHeader('X-Cache', cache);
  // res.end, not res.send: no ETag. A 304 would keep a body whose nonce the new CSP refuses.
  res.end(page.parts.join(nonce));
}

/** The page-cache key and event of a request for a kept page, or null. */
function cacheSlotOf(req: ExpressRequest): { key: string; eventId: string } | null {
  if (req.method !== 'GET' || !EVENT_PAGES.has(req.path)) return null;
  const eventId = req.query.event;
  if (typeof eventId !== 'string' || !UUID.test(eventId)) return null;
  // The Host header is part of the key, as in a proxy's cache: the page shows no host today,
  // and a page that some day does cannot be poisoned for everyone by a forged one.
  return { key: `${req.get('host') ?? ''}${req.originalUrl}`, eventId: eventId.toLowerCase() };
}

export function remixHandler({
  build,
  mode,
  getLoadContext,
  pageCache,
  seesPublicPage,
  nonceOf,
}: RemixHandlerOptions): RequestHandler {
  const handle = createRequestHandler(build, mode);
  const render = (req: ExpressRequest, res: ExpressResponse) =>
    handle(remixRequestOf(req, res), getLoadContext(req, res));

  return async (req, res, next) => {
    try {
      const slot = pageCache ? cacheSlotOf(req) : null;
      if (!pageCache || !slot || !seesPublicPage(req, res)) {
        await send(res, await render(req, res));
        return;
      }
      const nonce = nonceOf(res);
      const kept = pageCache.get(slot.key);
      if (kept) {
        sendKept(res, kept, nonce, 'hit');
        return;
      }
      const ticket = pageCache.begin(slot.eventId);
      const response = await render(req, res);
      if (response.status !== 200 || response.headers.has('set-cookie') || !response.body) {
        res.setHeader('X-Cache', 'miss');
        await send(res, response);
        return;
      }
      const page: CachedPage = {
        status: response.status,
        headers: [...response.headers.entries()].filter(([key]) => !NOT_KEPT.has(key)),
        parts: (await response.text()).split(nonce),
      };
      pageCache.put(ticket, slot.key, page);
      sendKept(res, page, nonce, 'miss');
    } catch (error) {
      next(error);
    }
  };
}
