/**
 * The Parkside web server: Express in front of Remix, in development (Vite middleware) and in
 * production (the built app). Opens the database and applies migrations before it listens.
 */
import { createDatabase, isDatabaseEmpty, loadRootEnvFile } from '@parkside/db';
import type { ServerBuild } from '@remix-run/node';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createApp } from './app';
import { PageCache } from './page-cache';
import { seedDemo } from './demo-data';
import { readEnv } from './env';
import { createServices } from './services';

loadRootEnvFile();
const env = readEnv();

/** apps/web: the nearest folder with a package.json above this module (source or bundle). */
function findAppRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}
const development = env.NODE_ENV === 'development';
const appRoot = findAppRoot();

const database = await createDatabase({
  url: env.DATABASE_URL,
  dataDir: env.PGLITE_DATA_DIR,
}).catch((error: Error) => {
  console.error(`Could not open the database: ${error.message}`);
  process.exit(1);
});
await database.migrate();
if ((env.SEED_ON_START ?? development) && (await isDatabaseEmpty(database.db))) {
  await seedDemo(database.db);
}

const viteDevServer = development
  ? await import('vite').then((vite) => vite.createServer({ server: { middlewareMode: true } }))
  : undefined;

const getBuild = async (): Promise<ServerBuild> =>
  viteDevServer
    ? ((await viteDevServer.ssrLoadModule('virtual:remix/server-build')) as ServerBuild)
    : ((await import(pathToFileURL(`${appRoot}/build/server/index.js`).href)) as ServerBuild);

const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;

// Development: a real OpenID provider on loopback, so social login works with no accounts set up.
const devOidc =
  (env.DEV_OIDC ?? development) && !env.OIDC_ISSUER
    ? await import('@parkside/auth/dev-oidc-provider').then(
        ({ startDevOidcProvider, DEV_OIDC_ACCOUNTS }) =>
          startDevOidcProvider({
            port: env.DEV_OIDC_PORT,
            redirectUris: [new URL('/auth/oidc/callback', publicUrl).toString()],
            accounts: DEV_OIDC_ACCOUNTS,
          }),
      )
    : undefined;
if (devOidc) console.info(`Local OpenID provider for social login: ${devOidc.issuer}`);

const services = createServices(database.db, env, {
  publicUrl,
  oidc: devOidc && {
    issuer: devOidc.issuer,
    clientId: devOidc.clientId,
    clientSecret: devOidc.clientSecret,
    label: 'Parkside test login',
  },
});
// Pages kept for signed-out visitors, dropped when PostgreSQL says their event changed. Without
// listening there is no cache at all.
async function startPageCache() {
  const cache = new PageCache();
  try {
    const stop = await database.listen(
      'event_parking_changed',
      (eventId) => cache.changed(eventId),
      () => cache.listeningStarted(),
    );
    return { cache, stop };
  } catch (error) {
    console.error(
      `Pages are not kept: listening for changes failed (${(error as Error).message}).`,
    );
    return undefined;
  }
}
const pageCaching = (env.PAGE_CACHE ?? !development) ? await startPageCache() : undefined;

const app = createApp({
  services,
  mode: env.NODE_ENV,
  appRoot,
  getBuild,
  viteDevServer,
  trustProxy: env.TRUST_PROXY,
  pageCache: pageCaching?.cache,
});

services.mailQueue.start();
const server = app.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  console.info(
    `Parkside is listening on http://localhost:${port} (${env.NODE_ENV}, ${database.kind} database)`,
  );
});

server.on('error', async (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `Port ${env.PORT} is already in use. Stop the other server or set PORT.`
      : `The server could not start: ${error.message}`,
  );
  await services.mailQueue.stop();
  await devOidc?.close();
  await database.close();
  process.exit(1);
});

/** Stop taking requests, let the ones in flight finish, close the database, exit within 5 s. */
let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.info(`${signal} received: shutting down.`);
  const deadline = setTimeout(() => {
    console.error('Shutdown took too long; exiting.');
    process.exit(1);
  }, 4_500);
  deadline.unref();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 2_000).unref();
  });
  await services.mailQueue.stop();
  pageCaching?.cache.listeningStopped();
  await pageCaching?.stop();
  await viteDevServer?.close();
  await devOidc?.close();
  await database.close();
  clearTimeout(deadline);
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
