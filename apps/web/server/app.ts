import { appRouter, httpOperations } from '@parkside/api';
import { retryAfterOf } from '@parkside/api/errors';
import { isAllowedOrigin } from '@parkside/auth';
import { retryReadIfConnectionLost } from '@parkside/db';
import type { ServerBuild } from '@remix-run/node';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import compression from 'compression';
import express, { type RequestHandler, type Response } from 'express';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import type { ViteDevServer } from 'vite';
import { hasPendingToast } from '../app/.server/toast';
import { ownMarkCookie, type SharedStore } from './kept-parts';
import { messageStreamRoute, type MessageStreams } from './message-stream';
import { stripeWebhookRoute } from './stripe-webhook';
import type { PageCache } from './remix-handler';
import { remixHandler } from './remix-handler';
import { requestLog, routePatterns, silentLogger, type Logger } from './logging';
import { metricsRoute } from './metrics';
import { cspNonce, securityHeaders } from './security';
import type { RequestSession } from './request-session';
import { apiContext, type Services } from './services';
import { callerContext, requestOf } from './api-caller';
import { keptReads, personReads } from './replica-reads';
import { httpApiRoutes } from './http-api';
import { storageRoutes } from './storage';
import { uploadThingRoutes } from './uploadthing';

export interface AppOptions {
  services: Services;
  mode: 'development' | 'production' | 'test';
  /** apps/web: where build/client lives. */
  appRoot: string;
  /** The Remix build; without it only the API is served (used by API tests). */
  getBuild?: () => Promise<ServerBuild>;
  viteDevServer?: ViteDevServer;
  /** How many proxies in front of the app to trust for the client address. */
  trustProxy?: number;
  /** Pages kept for signed-out visitors (decision 020); without it every page is rendered. */
  pageCache?: PageCache;
  /** The shared parts of pages, kept for everyone (decision 027). */
  sharedParts?: SharedStore;
  /** Open live-message streams (decision 029); without them the stream answers 503. */
  messageStreams?: MessageStreams;
  /** How often a stream beats and checks its session (tests shorten it). */
  messageHeartbeatMs?: number;
  /** Where the request log goes; nowhere when not given (tests of other things). */
  logger?: Logger;
}

interface Locals {
  cspNonce: string;
  session: RequestSession | null;
}

const locals = (res: Response) => res.locals as Locals;

/** 403 for a state-changing request that did not come from our own pages (CSRF). */
function originCheck(allowedOrigins: string[]): RequestHandler {
  return (req, res, next) => {
    // A call authenticated by an API token relies on no cookie, so there is nothing to forge;
    // one that also carries the session cookie is refused where the token is read.
    if (
      (req.path.startsWith('/v0/') ||
        req.path.startsWith('/api/trpc/') ||
        req.path.startsWith('/api/v1/')) &&
      /^Bearer\s/i.test(req.get('authorization') ?? '')
    ) {
      return next();
    }
    // A tool's call to /api/v1 with no cookie at all acts as nobody: nothing to forge, and the
    // path answers 401 in its own words.
    if (req.path.startsWith('/api/v1/') && req.get('cookie') === undefined) return next();
    // UploadThing's server calling back: no Origin, signed with our API key (the SDK checks it).
    if (req.path.startsWith('/api/uploadthing') && req.get('x-uploadthing-signature')) {
      return next();
    }
    const allowed = isAllowedOrigin({
      method: req.method,
      origin: req.get('origin'),
      referer: req.get('referer'),
      allowedOrigins: [...allowedOrigins, `${req.protocol}://${req.get('host')}`],
    });
    if (allowed) return next();
    res.status(403).type('text/plain').send('Cross-site request refused.');
  };
}

/** Calls `listener` once, as the response's status line and headers are about to be written. */
function whenAnswerStarts(res: Response, listener: () => void): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    res.writeHead = writeHead;
    listener();
    return writeHead.apply(this, args as Parameters<typeof writeHead>);
  } as typeof writeHead;
}

/**
 * Resolves the session cookie to a user and slides the cookie forward. An unknown or expired
 * token just means "signed out": clearing the cookie here would race with a rotation (a request
 * still in flight with the old token would erase the new session's cookie).
 */
export function sessionMiddleware({ auth, db, secureCookies }: Services): RequestHandler {
  return async (req, res, next) => {
    locals(res).session = null;
    const token = auth.sessions.readToken(req.get('cookie'));
    if (!token) return next();
    try {
      // Reading a session is safe to repeat (its only writes set the same expiry and flag
      // again), so a connection cut under it costs the signed-in visitor nothing.
      // A request that may change something reads the session afresh, and as it is answered
      // this server forgets what it kept of the user: the next page shows the change at once.
      const changes = req.method !== 'GET' && req.method !== 'HEAD';
      const read = () =>
        retryReadIfConnectionLost(db, () => auth.loadSession(token, { fresh: changes }));
      // Under a cut of every connection, a session read has been seen to answer "no such
      // session" for a live one (once in about twenty runs of write-connection-loss.test.ts), and
      // the driver's cancel was refused as signed out. A token that reads as unknown is read once
      // more before the visitor counts as signed out; stale cookies are rare, so this is cheap.
      const loaded = (await read()) ?? (await read());
      if (loaded?.refreshCookie) res.append('Set-Cookie', loaded.refreshCookie);
      if (loaded?.user) {
        locals(res).session = { id: loaded.session.id, user: loaded.user };
        if (changes) {
          // The person's own kept pages start a new version (kept-parts.ts).
          res.append('Set-Cookie', ownMarkCookie(secureCookies));
          const userId = loaded.user.id;
          const forget = () => auth.sessions.forgetUser(userId);
          // As the answer starts: a browser acts on an answer's first bytes (Remix's client
          // revalidates before a streamed answer has ended), so its next request must not find
          // what was kept before the change. Again at the end, for anything changed meanwhile.
          whenAnswerStarts(res, forget);
          res.once('finish', forget);
        }
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}

export function createApp({
  services,
  mode,
  appRoot,
  getBuild,
  viteDevServer,
  trustProxy = 0,
  pageCache,
  sharedParts,
  messageStreams,
  messageHeartbeatMs,
  logger = silentLogger,
}: AppOptions) {
  const app = express();
  app.disable('x-powered-by');
  // Flat query strings are all the app reads (Node's querystring, not qs: no nested objects
  // for anyone to forge, and a fraction of the work on every page with a query).
  app.set('query parser', 'simple');
  // Only trust X-Forwarded-For from proxies we run; otherwise clients could pick their address.
  app.set('trust proxy', trustProxy);

  // The request log and id first, so every response carries its id (decision 037).
  const routes = routePatterns(
    Object.keys(appRouter._def.procedures),
    httpOperations().map((operation) => operation.path),
  );
  app.use(
    requestLog(
      logger,
      routes,
      (values) => (values as Partial<Locals>).session?.user.id ?? null,
      services.metrics,
    ),
  );
  // Prometheus, with its own token; nothing else of the site's frame (decision 038).
  app.get('/metrics', metricsRoute(services.metrics, services.metricsToken));

  // Live messages first: a stream holds its connection for as long as the page is open, so
  // it skips everything a page needs (compression, nonces, page headers) and reads only the
  // session (decision 029).
  app.get(
    '/api/messages/stream',
    sessionMiddleware(services),
    messageStreamRoute({
      streams: messageStreams,
      heartbeatMs: messageHeartbeatMs,
      sessionOf: (res) => locals(res).session,
      stillSignedIn: async (cookie) => {
        const token = services.auth.sessions.readToken(cookie);
        if (!token) return false;
        try {
          return Boolean((await services.auth.loadSession(token))?.user);
        } catch {
          // The database is away for a moment: keep the stream; the next beat asks again.
          return true;
        }
      },
    }),
  );

  // Stripe's webhooks: the raw body is what is signed, and no Origin or cookie is involved.
  app.post('/webhooks/stripe', ...stripeWebhookRoute(services));

  // Cheap levels: on /rent (34 kB) brotli 2 / gzip 4 give 7.2 / 7.0 kB against 6.7 / 6.8 kB at
  // the defaults (brotli 4, gzip 6) for half the CPU (decision 018). Documents arrive in one
  // write (decision 019), so each is compressed in one piece.
  app.use(
    compression({
      level: 4,
      brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2 } },
    }),
  );
  app.use(cspNonce);
  app.use(
    securityHeaders({
      development: mode === 'development',
      uploadThing: Boolean(services.uploadThingToken),
      paymentPages: services.paymentPages,
    }),
  );
  app.use(originCheck([new URL(services.settings.publicUrl).origin]));

  if (getBuild && viteDevServer) {
    app.use(viteDevServer.middlewares);
  } else if (getBuild) {
    // Fingerprinted assets are immutable; everything else in public/ is cached briefly.
    app.use(
      '/assets',
      express.static(join(appRoot, 'build/client/assets'), { immutable: true, maxAge: '1y' }),
    );
    app.use(
      onlyUnder(
        join(appRoot, 'build/client'),
        express.static(join(appRoot, 'build/client'), {
          maxAge: '1h',
          // A new build's service worker reaches phones at their next visit, not an hour later.
          setHeaders: (res, path) => {
            if (path.endsWith('/sw.js')) res.setHeader('Cache-Control', 'no-cache');
          },
        }),
      ),
    );
  }

  app.use(sessionMiddleware(services));

  app.use(
    storageRoutes({
      apiTokens: services.apiTokens,
      storage: services.storage,
      appCheckSecret: services.appCheckSecret,
      uploadThing: Boolean(services.uploadThingToken),
    }),
  );
  if (services.uploadThingToken) {
    app.use(
      '/api/uploadthing',
      uploadThingRoutes({
        storage: services.storage,
        appCheckSecret: services.appCheckSecret,
        token: services.uploadThingToken,
        publicUrl: services.settings.publicUrl,
      }),
    );
  }

  // The described HTTP API for tools in any language (decision 067).
  app.use('/api', httpApiRoutes(services, logger));

  // The same router the pages use, for internal tools.
  app.use(
    '/api/trpc',
    createExpressMiddleware({
      router: appRouter,
      createContext: ({ req, res, info }) =>
        callerContext(services, req, res, locals(res).session?.user ?? null, info.calls.length),
      maxBodySize: 1_000_000,
      // Every 429 says how long to wait; a batch waits for the longest of its refusals.
      responseMeta: ({ errors }) => {
        const waits = errors.map(retryAfterOf).filter((wait) => wait !== undefined);
        return waits.length ? { headers: { 'Retry-After': String(Math.max(...waits)) } } : {};
      },
      onError: ({ error, path, req }) => {
        const fields = {
          requestId: req.res?.locals.requestId,
          procedure: path,
          err: error.cause ?? error,
        };
        if (error.code === 'INTERNAL_SERVER_ERROR') logger.error(fields, 'procedure failed');
        // A write caught by a cut database connection, or a provider that did not answer.
        else if (error.code === 'SERVICE_UNAVAILABLE') logger.warn(fields, 'procedure unavailable');
      },
    }),
  );

  if (!getBuild) return app;

  // The route patterns of the log come from the build in use.
  const loadBuild = async () => {
    const build = await getBuild();
    routes.useBuild(build);
    return build;
  };
  app.all(
    '*',
    remixHandler({
      mode,
      build: loadBuild,
      buildChanges: viteDevServer !== undefined,
      pageCache,
      sharedParts,
      visitorApi: (req) =>
        appRouter.createCaller(
          apiContext(services, requestOf(req), null, null, keptReads(services.replicaRouting)),
        ),
      ownerApi: (req, res) =>
        appRouter.createCaller(
          apiContext(
            services,
            requestOf(req),
            locals(res).session?.user ?? null,
            null,
            personReads(services.replicaRouting, req, res, { kept: true }),
          ),
        ),
      nonceOf: (res) => locals(res).cspNonce,
      sharedCache: services.cdn.sharedCache,
      seesPublicPage: (req, res) =>
        locals(res).session === null && !hasPendingToast(req.get('cookie')),
      getLoadContext: (req, res, kept) => {
        const session = locals(res).session;
        return {
          kept,
          api: appRouter.createCaller(
            apiContext(
              services,
              requestOf(req),
              session?.user ?? null,
              null,
              // A signed-out page may be kept whole until the next change: read where that
              // change already is. Signed-in pages are never kept whole: the person's own mark.
              session
                ? personReads(services.replicaRouting, req, res)
                : keptReads(services.replicaRouting),
            ),
          ),
          cspNonce: locals(res).cspNonce,
          session,
          auth: services.auth,
          oauth: services.oauth,
          settings: services.settings,
          onlinePayments: services.payments.online,
          secureCookies: services.secureCookies,
          outbox: services.outbox,
          mailWorks: services.mailWorks,
          storageBucket: services.storage.bucket,
          uploadThing: Boolean(services.uploadThingToken),
          wallet: services.wallet,
          replicas: services.replicaRouting.replicas?.status() ?? [],
          clientIp: req.ip ?? 'unknown',
          requestId: String(res.locals.requestId),
        };
      },
    }),
  );

  return app;
}

/**
 * `serve` only for paths under a top-level file or folder of `dir` (read once: the build does not
 * change under a running server). Without it every page request made the static middleware look
 * for a file of that name on disk first.
 */
function onlyUnder(dir: string, serve: RequestHandler): RequestHandler {
  const entries = new Set(existsSync(dir) ? readdirSync(dir) : []);
  return (req, res, next) => {
    const first = req.path.split('/')[1] ?? '';
    if (entries.has(first)) serve(req, res, next);
    else next();
  };
}
