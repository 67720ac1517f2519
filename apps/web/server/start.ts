/**
 * Starts the Parkside web server: opens the database, applies migrations, builds the services
 * and serves Express in front of Remix until SIGTERM. The production entry (main.ts, built with
 * the Remix app into one bundle) and the development entry (dev.ts, with Vite) both call it.
 */
import { setGoogleWalletSync } from '@parkside/api';
import { createDatabase, isDatabaseEmpty } from '@parkside/db';
import type { ServerBuild } from '@remix-run/node';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ViteDevServer } from 'vite';
import { createApp } from './app';
import { drainingOf } from './draining';
import { createLogger } from './logging';
import { startHeartbeat } from './heartbeat';
import { PARKING_CHANNEL, startKeeping } from './keeping';
import { isOwnChange } from './kept-parts';
import { ALL_PAGES_KEY, purgeOnChange } from './cdn';
import { startMessageStreams } from './message-stream';
import { seedDemo } from './demo-data';
import { describeIntegrations, integrationsOf } from './integrations';
import type { ServerEnv } from './env';
import { createServices, type OidcOverride } from './services';

/** apps/web: the nearest folder with a package.json above this module (source or bundle). */
function findAppRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** The site's public origin: PUBLIC_URL, else localhost on the port it listens on. */
export function publicUrlOf(env: ServerEnv): string {
  return env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
}

export interface StartOptions {
  env: ServerEnv;
  getBuild: () => Promise<ServerBuild>;
  /** Development: Vite serves the app's modules and assets. */
  viteDevServer?: ViteDevServer;
  /** Development: the local OpenID provider, as the "Parkside test login" button. */
  oidc?: OidcOverride;
  /** Called on shutdown, before the database closes (development tools). */
  onClose?: () => Promise<void>;
}

export async function startServer({ env, getBuild, viteDevServer, oidc, onClose }: StartOptions) {
  const development = env.NODE_ENV === 'development';
  const database = await createDatabase({
    url: env.DATABASE_URL,
    dataDir: env.PGLITE_DATA_DIR,
  }).catch((error: Error) => {
    console.error(`Could not open the database: ${error.message}`);
    process.exit(1);
  });
  await database.migrate();
  if (env.DATABASE_REPLICA_URL && database.kind !== 'postgres') {
    console.error('DATABASE_REPLICA_URL needs DATABASE_URL: replicas are of a PostgreSQL primary.');
    process.exit(1);
  }
  const logger = createLogger({ mode: env.NODE_ENV, level: env.LOG_LEVEL });
  const services = createServices(database.db, env, {
    publicUrl: publicUrlOf(env),
    oidc,
    logger,
    poolStats: database.poolStats,
  });
  if ((env.SEED_ON_START ?? development) && (await isDatabaseEmpty(database.db))) {
    await seedDemo(database.db, { storage: services.storage });
  }

  const purge = services.cdn.purger
    ? purgeOnChange(database.db, services.cdn.purger, services.metrics.cdnPurge)
    : null;
  // Pages and their shared parts, kept until PostgreSQL says what they show changed.
  // Without listening nothing is kept.
  const keeping =
    (env.PAGE_CACHE ?? !development)
      ? await startKeeping(
          database,
          () => {
            services.metrics.reconnected(PARKING_CHANNEL);
            services.replicaRouting.replicas?.noteChange();
            // What changed while the connection was cut was not heard: the shared cache starts over.
            void purge?.(ALL_PAGES_KEY);
          },
          (payload) => {
            // What is kept afresh now is read where this change already is.
            services.replicaRouting.replicas?.noteChange();
            // A person's own pages are never in the shared cache.
            if (!isOwnChange(payload)) void purge?.(payload);
          },
        )
      : undefined;
  // Live messages: one LISTEN per server, whatever the number of open pages.
  const live = await startMessageStreams(database, services);
  if (live) services.metrics.countStreams(() => live.streams.size);

  // Bearer tokens verified a moment ago, dropped when PostgreSQL says their owner changed.
  // Without listening, every token call asks the database.
  const stopTokenListening = await services.apiTokens.listen(database).catch((error: Error) => {
    console.error(`API tokens are not kept: listening for changes failed (${error.message}).`);
    return undefined;
  });

  // Sessions checked a moment ago, dropped when PostgreSQL says what they stand for changed.
  // Without listening, every signed-in request reads its session.
  const stopSessionListening = await services.auth.sessions.keeper
    ?.listen(database)
    .catch((error: Error) => {
      console.error(`Sessions are not kept: listening for changes failed (${error.message}).`);
      return undefined;
    });

  const app = createApp({
    services,
    mode: env.NODE_ENV,
    appRoot: findAppRoot(),
    getBuild,
    viteDevServer,
    trustProxy: env.TRUST_PROXY,
    pageCache: keeping?.pages,
    sharedParts: keeping?.parts,
    messageStreams: live?.streams,
    logger,
  });

  // The database queues Google Wallet jobs exactly while this server can run them (decision 066).
  await setGoogleWalletSync(database.db, services.wallet.google !== null);
  services.jobs.start();
  const heartbeat = await startHeartbeat(database.db, env.APP_VERSION ?? 'unversioned build');
  const server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    console.info(
      `Parkside is listening on http://localhost:${port} (${env.NODE_ENV}, ${database.kind} database)`,
    );
    console.info(
      `What this server is set up to do:\n${describeIntegrations(integrationsOf(env, services))}`,
    );
  });

  server.on('error', async (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === 'EADDRINUSE'
        ? `Port ${env.PORT} is already in use. Stop the other server or set PORT.`
        : `The server could not start: ${error.message}`,
    );
    await services.jobs.stop();
    await onClose?.();
    await database.close();
    process.exit(1);
  });

  const draining = drainingOf(server);

  /**
   * A restart that loses nothing (decisions 040 and 052): stop taking connections and answer
   * what is in flight or arrives on kept-alive connections with `Connection: close`, for up to
   * SHUTDOWN_GRACE_MS (draining.ts); tell open message streams to reconnect (to another server)
   * at once; let the running job finish, handing it back if it cannot in time, with jobs taken
   * but not started handed back at once; then close the database and exit.
   */
  let shuttingDown = false;
  async function shutdown(signal: string) {
    if (shuttingDown) return;
    shuttingDown = true;
    console.info(`${signal} received: shutting down.`);
    const deadline = setTimeout(() => {
      console.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, env.SHUTDOWN_GRACE_MS + 5_000);
    deadline.unref();
    // Live streams never finish on their own: end them, and browsers reconnect elsewhere.
    live?.streams.closeAll();
    const [{ cut }] = await Promise.all([
      draining.drain(env.SHUTDOWN_GRACE_MS),
      services.jobs.stop({ graceMs: Math.min(3_000, env.SHUTDOWN_GRACE_MS) }),
    ]);
    if (cut > 0) {
      console.error(`${cut} requests were still running after ${env.SHUTDOWN_GRACE_MS} ms; cut.`);
    }
    await heartbeat.stop();
    await keeping?.stop();
    await live?.stop();
    await stopTokenListening?.();
    await stopSessionListening?.();
    await onClose?.();
    await services.replicaRouting.replicas?.close();
    await database.close();
    clearTimeout(deadline);
    process.exit(0);
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}
