/**
 * One JSON line per request and per job (decision 037): a request id (kept from the proxy's
 * X-Request-Id or made here, and sent back), method, route pattern, status, duration and user
 * id. Never an e-mail, plate, message text, token or cookie: nothing of the kind is logged, and
 * the redaction below catches any that a later change passes by mistake. In development the
 * lines are printed readably instead.
 */
import type { ServerBuild } from '@remix-run/node';
import { matchRoutes, type AgnosticRouteObject } from '@remix-run/router';
import type { RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Metrics } from './metrics';

export type { Logger } from 'pino';

/** Keys whose values never reach a log line, wherever they stand (one level deep too). */
export const REDACTED_KEYS = [
  'email',
  'licensePlate',
  'plate',
  'vehicleDescription',
  'text',
  'body',
  'password',
  'token',
  'secret',
  'cookie',
  'authorization',
  'headers',
  'phoneNumber',
  'address',
];

/** A readable line per log entry, for a developer's terminal. */
function readable(out: NodeJS.WritableStream): DestinationStream {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        try {
          const {
            time,
            level,
            msg,
            requestId,
            method,
            route,
            status,
            durationMs,
            userId,
            ...rest
          } = JSON.parse(line) as Record<string, unknown>;
          delete rest.pid;
          delete rest.hostname;
          const when = new Date(time as number).toTimeString().slice(0, 8);
          const head =
            msg === 'request'
              ? `${method} ${route} ${status} ${durationMs} ms${userId ? ` user ${userId}` : ''}`
              : `${msg}`;
          const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
          const tag = (level as number) >= 50 ? 'ERROR ' : (level as number) >= 40 ? 'WARN ' : '';
          out.write(
            `${when} ${tag}${head}${requestId ? ` [${String(requestId).slice(0, 8)}]` : ''}${extra}\n`,
          );
        } catch {
          out.write(`${line}\n`);
        }
      }
      done();
    },
  });
}

export function createLogger({
  mode,
  destination,
  level = 'info',
}: {
  mode: 'development' | 'production' | 'test';
  /** Where lines go: standard output unless given (tests collect them). */
  destination?: DestinationStream;
  level?: string;
}): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      redact: {
        paths: REDACTED_KEYS.flatMap((key) => [key, `*.${key}`]),
        censor: '[redacted]',
      },
    },
    destination ?? (mode === 'development' ? readable(process.stdout) : pino.destination(1)),
  );
}

/** A logger that writes nothing (API tests that build an app without caring for logs). */
export const silentLogger = pino({ level: 'silent' });

/** An id from the proxy is kept when it looks like one; anything else is replaced. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The route pattern of a request, never its raw path: "/rent/:listingId", "/api/trpc/…" with
 * the procedure names the router knows, or the fixed routes of the server.
 */
export function routePatterns(procedures: string[], httpPaths: string[] = []) {
  const known = new Set(procedures);
  // /api/v1's paths as written in its document: /api/v1/bookings/{bookingId}/cancel.
  const described = httpPaths.map((path) => ({
    pattern: `/api${path}`,
    test: new RegExp(`^/api${path.replace(/\{\w+\}/g, '[^/]+')}$`),
  }));
  let build: ServerBuild | null = null;
  let tree: AgnosticRouteObject[] = [];
  const patterns = {
    /** Takes the routes of the Remix build in use (again whenever it changes, in development). */
    useBuild(next: ServerBuild) {
      if (next === build) return;
      build = next;
      const byParent = new Map<string | undefined, AgnosticRouteObject[]>();
      for (const route of Object.values(next.routes)) {
        if (!route) continue;
        const list = byParent.get(route.parentId) ?? [];
        list.push(
          route.index
            ? { id: route.id, index: true, path: route.path }
            : { id: route.id, path: route.path, children: [] },
        );
        byParent.set(route.parentId, list);
      }
      const attach = (routes: AgnosticRouteObject[]): AgnosticRouteObject[] =>
        routes.map((route) =>
          route.index ? route : { ...route, children: attach(byParent.get(route.id) ?? []) },
        );
      tree = attach(byParent.get(undefined) ?? []);
    },
    of(path: string): string {
      if (path.startsWith('/api/trpc/')) {
        const names = path.slice('/api/trpc/'.length).split(',');
        return `/api/trpc/${names.map((name) => (known.has(name) ? name : ':unknown')).join(',')}`;
      }
      if (path.startsWith('/api/v1/')) {
        return described.find(({ test }) => test.test(path))?.pattern ?? '/api/v1/:unknown';
      }
      if (path.startsWith('/api/docs/')) return '/api/docs/*';
      if (path.startsWith('/assets/')) return '/assets/*';
      if (path.startsWith('/v0/')) return '/v0/*';
      const fixed = [
        '/api/messages/stream',
        '/webhooks/stripe',
        '/healthz',
        '/metrics',
        '/api/uploadthing',
        '/api/openapi.json',
        '/api/docs',
      ];
      if (fixed.includes(path)) return path;
      // A page's data fetched by the browser (single fetch): "/rent.data", "/_root.data".
      if (path.endsWith('.data')) {
        const page = path === '/_root.data' ? '/' : path.slice(0, -'.data'.length);
        return `${patterns.of(page)}.data`;
      }
      const matches = matchRoutes(tree, path) ?? [];
      const pattern = matches
        .map((match) => match.route.path)
        .filter(Boolean)
        .join('/');
      return matches.length ? `/${pattern}`.replace(/\/+/g, '/') : '*';
    },
  };
  return patterns;
}

export type RoutePatterns = ReturnType<typeof routePatterns>;

/**
 * The request log: the id first (on the response as X-Request-Id, and on `res.locals` for the
 * pages), then one line when the response is sent or the client goes away.
 */
export function requestLog(
  logger: Logger,
  routes: RoutePatterns,
  userIdOf: (locals: Record<string, unknown>) => string | null,
  metrics?: Metrics,
): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    const start = process.hrtime.bigint();
    // Read now: routers mounted on a prefix rewrite req.url on the way.
    const path = req.path;
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const durationMs = Math.round(Number(process.hrtime.bigint() - start) / 1e5) / 10;
      const route = routes.of(path);
      metrics?.request(req.method, route, res.statusCode, durationMs / 1000);
      metrics?.keptHeaders(res.getHeader('X-Cache'), res.getHeader('X-Kept'));
      logger.info(
        {
          requestId,
          method: req.method,
          route,
          status: res.statusCode,
          durationMs,
          userId: userIdOf(res.locals),
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        'request',
      );
    };
    res.once('finish', done);
    res.once('close', done);
    next();
  };
}
