/**
 * Express in front of Remix: each request becomes a Fetch `Request`, Remix answers it, and the
 * `Response` is written back (what @remix-run/express does), with two additions: each request
 * gets its `KeptRequest` for the shared part of its page (decision 027), and a page whose
 * shared part was kept is kept whole for signed-out visitors and served to them from the page
 * cache (decision 020).
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
import type { ApiCaller } from '@parkside/api';
import { KeptRequest, type SharedStore } from './kept-parts';
import type { KeptStore } from './kept-store';
import { isDocument, sendDocument } from './documents';
import type { Dependencies } from './kept-store';
import {
  keepPrivate,
  offerSharedCopy,
  sharedCopyOf,
  type SharedCacheOptions,
  type SharedCopy,
} from './shared-copies';

/** A rendered response, its body cut where the render's CSP nonce was. */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The body's bytes split on the nonce: joined again with each response's own. */
  parts: Buffer[];
  /** What the page shows: the keys a shared cache stores it under. */
  dependencies: Dependencies;
  /** The copy for a shared cache, made the first time one is offered. */
  shared?: SharedCopy;
}

export type PageCache = KeptStore<CachedPage>;

export const cachedPageBytes = (page: CachedPage) =>
  page.parts.reduce((sum, part) => sum + part.byteLength, 0);

/** The page's bytes with this response's nonce where the render's was. */
function joinParts(parts: readonly Buffer[], nonce: string): Buffer {
  if (parts.length === 1) return parts[0]!;
  const between = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  parts.forEach((part, index) => {
    if (index > 0) pieces.push(between);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

/** Headers a kept response must not repeat: the body is sent whole, compressed per request. */
const NOT_KEPT = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'x-cache']);

export interface RemixHandlerOptions {
  build: () => Promise<ServerBuild>;
  /** The build changes while the server runs (Vite's dev server); otherwise it is loaded once. */
  buildChanges: boolean;
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse, kept: KeptRequest) => AppLoadContext;
  /** Whole pages kept for signed-out visitors. */
  pageCache?: PageCache;
  /** The shared parts of pages, kept for everyone. */
  sharedParts?: SharedStore;
  /** The API as a signed-out visitor of this request (what shared parts are loaded with). */
  visitorApi: (req: ExpressRequest) => ApiCaller;
  /** The API as the signed-in person, for their own kept parts (`KeptRequest.own`). */
  ownerApi: (req: ExpressRequest, res: ExpressResponse) => ApiCaller;
  /**
   * Whether this request gets the page every signed-out visitor gets: no session, nothing
   * pending for it alone (a toast).
   */
  seesPublicPage: (req: ExpressRequest, res: ExpressResponse) => boolean;
  /** The CSP nonce of this response. */
  nonceOf: (res: ExpressResponse) => string;
  /** Signed-out kept pages are offered to a shared cache (a CDN, Varnish; decision 069). */
  sharedCache?: SharedCacheOptions;
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

async function send(req: ExpressRequest, res: ExpressResponse, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (isDocument(response)) sendDocument(req, res, Buffer.from(await response.arrayBuffer()));
  else if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

function sendKept(
  req: ExpressRequest,
  res: ExpressResponse,
  page: CachedPage,
  nonce: string,
  cache: 'hit' | 'miss',
  sharedCache: SharedCacheOptions | undefined,
) {
  res.removeHeader('X-Kept');
  res.status(page.status);
  for (const [key, value] of page.headers) res.append(key, value);
  res.setHeader('X-Cache', cache);
  if (sharedCache) {
    page.shared ??= sharedCopyOf(joinParts(page.parts, '').toString());
    offerSharedCopy(res, sharedCache, page.shared, page.dependencies);
    sendDocument(req, res, page.shared.body);
    return;
  }
  // Not res.send: no ETag. A 304 would keep a body whose nonce the new CSP refuses.
  sendDocument(req, res, joinParts(page.parts, nonce));
}

/**
 * The page-cache key of a request a kept page may answer, or null. The Host header is part of
 * the key, as in a proxy's cache: the page shows no host today, and a page that some day does
 * cannot be poisoned for everyone by a forged one.
 */
function pageKeyOf(req: ExpressRequest): string | null {
  if (req.method !== 'GET') return null;
  return `${req.get('host') ?? ''}${req.originalUrl}`;
}

export function remixHandler({
  build,
  buildChanges,
  mode,
  getLoadContext,
  pageCache,
  sharedParts,
  visitorApi,
  ownerApi,
  seesPublicPage,
  nonceOf,
  sharedCache,
}: RemixHandlerOptions): RequestHandler {
  // Given a function, Remix derives its routes and static handler from the build again on every
  // request (and then flattens and ranks every route to match each one); a build that never
  // changes is loaded once and handed over as the object.
  let loaded: Promise<ReturnType<typeof createRequestHandler>> | undefined;
  const handle: ReturnType<typeof createRequestHandler> = buildChanges
    ? createRequestHandler(build, mode)
    : async (request, context) => {
        loaded ??= build().then(
          (built) => createRequestHandler(built, mode),
          (error: unknown) => {
            loaded = undefined; // tried again on the next request
            throw error;
          },
        );
        return (await loaded)(request, context);
      };
  const render = async (req: ExpressRequest, res: ExpressResponse) => {
    const kept = new KeptRequest(
      sharedParts,
      () => visitorApi(req),
      req.get('host') ?? '',
      () => ownerApi(req, res),
      !req.path.endsWith('.data'),
    );
    const response = await handle(remixRequestOf(req, res), getLoadContext(req, res, kept));
    const outcome = kept.outcome;
    if (outcome) res.setHeader('X-Kept', outcome);
    return { response, kept };
  };

  return async (req, res, next) => {
    try {
      const key = pageCache ? pageKeyOf(req) : null;
      if (sharedCache) keepPrivate(res);
      if (!pageCache || key === null || !seesPublicPage(req, res)) {
        await send(req, res, (await render(req, res)).response);
        return;
      }
      const nonce = nonceOf(res);
      const page = pageCache.get(key);
      if (page) {
        sendKept(req, res, page, nonce, 'hit', sharedCache);
        return;
      }
      const ticket = pageCache.begin();
      const { response, kept } = await render(req, res);
      const dependsOn = kept.dependencies;
      if (
        !dependsOn ||
        response.status !== 200 ||
        response.headers.has('set-cookie') ||
        !response.body
      ) {
        await send(req, res, response);
        return;
      }
      const rendered: CachedPage = {
        status: response.status,
        headers: [...response.headers.entries()].filter(([name]) => !NOT_KEPT.has(name)),
        parts: (await response.text()).split(nonce).map((part) => Buffer.from(part)),
        dependencies: dependsOn,
      };
      pageCache.put(ticket, key, rendered, dependsOn);
      sendKept(req, res, rendered, nonce, 'miss', sharedCache);
    } catch (error) {
      next(error);
    }
  };
}
