import { appRouter, createContext } from '@parkside/api';
import type { Database } from '@parkside/db';
import { createRequestHandler } from '@remix-run/express';
import type { ServerBuild } from '@remix-run/node';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import compression from 'compression';
import express, { type Request } from 'express';
import { join } from 'node:path';
import type { ViteDevServer } from 'vite';
import { cspNonce, securityHeaders } from './security';

export interface AppOptions {
  db: Database;
  mode: 'development' | 'production' | 'test';
  /** apps/web: where build/client lives. */
  appRoot: string;
  /** The Remix build; without it only the API is served (used by API tests). */
  getBuild?: () => Promise<ServerBuild>;
  viteDevServer?: ViteDevServer;
}

/** Request headers as a Fetch `Headers`, the form the API context takes. */
function headersOf(req: Request): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(key, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(key, v);
  }
  return headers;
}

export function createApp({ db, mode, appRoot, getBuild, viteDevServer }: AppOptions) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 1);

  app.use(compression());
  app.use(cspNonce);
  app.use(securityHeaders({ development: mode === 'development' }));

  // The same router the pages use, for internal tools. Public procedures only for now.
  app.use(
    '/api/trpc',
    createExpressMiddleware({
      router: appRouter,
      createContext: ({ req }) => createContext({ db, headers: headersOf(req) }),
      maxBodySize: 1_000_000,
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') {
          console.error(`tRPC ${path ?? '(unknown)'} failed:`, error.cause ?? error);
        }
      },
    }),
  );

  if (!getBuild) return app;

  if (viteDevServer) {
    app.use(viteDevServer.middlewares);
  } else {
    // Fingerprinted assets are immutable; everything else in public/ is cached briefly.
    app.use(
      '/assets',
      express.static(join(appRoot, 'build/client/assets'), { immutable: true, maxAge: '1y' }),
    );
    app.use(express.static(join(appRoot, 'build/client'), { maxAge: '1h' }));
  }

  app.all(
    '*',
    createRequestHandler({
      mode,
      build: getBuild,
      getLoadContext: (req, res) => ({
        api: appRouter.createCaller(createContext({ db, headers: headersOf(req) })),
        cspNonce: res.locals.cspNonce as string,
      }),
    }),
  );

  return app;
}
