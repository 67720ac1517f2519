import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { waitForDatabase } from './connection-loss';
import { defaultDataDir, migrationsFolder } from './paths';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the rest of the code sees, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseKind = 'postgres' | 'pglite';

/**
 * The pool of one server's PostgreSQL connections, as postgres.js holds it (read through
 * `stats()`, which patches/postgres+3.4.9.patch adds).
 */
export interface PoolStats {
  /** Connections the pool may open. */
  max: number;
  /** Open and doing nothing. */
  idle: number;
  /** Running queries or held by a transaction. */
  busy: number;
  connecting: number;
  /** Queries waiting for a connection now. */
  waiting: number;
  /** Queries that had to wait for a connection, since the pool was made. */
  waited: number;
}

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Applies the committed migrations in drizzle/. Safe to call on an up-to-date database. */
  migrate(): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /**
   * LISTEN on a channel: `onMessage` gets each NOTIFY's payload, sent by transactions that
   * committed. `onListening` runs each time listening starts, the first time and after every
   * reconnection: notifications sent while the connection was down are lost, so whatever
   * depends on them must start afresh there. Resolves, once listening, to a function that stops.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onListening?: () => void,
  ): Promise<() => Promise<void>>;
  /** PostgreSQL only: the connection pool right now (metrics); PGlite has no pool. */
  poolStats?: () => PoolStats;
  /** PGlite only: the whole data folder as a gzipped tarball (migrated snapshots for tests). */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface CreateDatabaseOptions {
  /** PostgreSQL connection string. Without it, embedded PGlite is used. */
  url?: string;
  /** PGlite data folder; `memory://` for a throwaway database. Ignored when `url` is set. */
  dataDir?: string;
  /** A PGlite data-folder dump to start from (fast migrated snapshots in tests). */
  loadDataDir?: Blob | File;
  /** Maximum pooled PostgreSQL connections. */
  maxConnections?: number;
}

/** Extensions the schema uses; PGlite needs them handed over when it starts. */
export const pgliteExtensions = { pg_trgm, btree_gist };

/**
 * Opens the database: PostgreSQL through `postgres` when a URL is given, embedded PGlite otherwise.
 * The environment decides by default: DATABASE_URL, then PGLITE_DATA_DIR, then `.data/pglite`.
 */
export async function createDatabase(options: CreateDatabaseOptions = {}): Promise<DatabaseHandle> {
  const url =
    options.url || (options.dataDir || options.loadDataDir ? undefined : process.env.DATABASE_URL);
  if (url) return openPostgres(url, options.maxConnections ?? 10);
  return openPglite(options.dataDir || defaultDataDir(), options.loadDataDir);
}

/**
 * Settings every connection starts with. The event search's typo tolerance: a typed word matches
 * an event word whose pg_trgm word similarity is at least 0.5 (`<%`); pg_trgm's default, 0.6,
 * misses one-letter typos in short words ("stadum" scores 0.57). Set once per connection rather
 * than per query, it saves each search three round trips.
 */
export const SESSION_SETTINGS = { 'pg_trgm.word_similarity_threshold': '0.5' } as const;

/**
 * How long postgres.js waits before reconnecting, by the count of failed connections since the
 * last good one (shared by the pool). Its default grows as 3^n / 100 s, and cutting a pool of 10
 * connections at once counts 10 failures: 20 seconds before a database that was back at once is
 * used again. Here the wait grows by 25 ms a failure, to half a second at most, so reads retried
 * after a cut (connection-loss.ts) find the database within a second, and a database that is
 * really down is tried at most twice a second per connection.
 */
export function reconnectDelaySeconds(failures: number): number {
  return Math.min(0.025 * failures, 0.5);
}

/** The options of every pool the app opens (exported for the driver's own tests). */
export function postgresOptions(max: number, applicationName = 'parkside') {
  return {
    max,
    onnotice: () => {},
    backoff: reconnectDelaySeconds,
    // A connection attempt that has not finished in 10 s will not (postgres.js waits 30 s).
    connect_timeout: 10,
    connection: { application_name: applicationName, ...SESSION_SETTINGS },
  } satisfies postgres.Options<Record<string, postgres.PostgresType>>;
}

function openPostgres(url: string, max: number): DatabaseHandle {
  const client = postgres(url, postgresOptions(max));
  const db = drizzlePostgres(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    migrate: () =>
      migratePostgres(drizzlePostgres(client), { migrationsFolder: migrationsFolder() }),
    ping: () => ping(db),
    // postgres.js listens on a connection of its own, outside the pool, and reconnects it.
    listen: async (channel, onMessage, onListening) => {
      const { unlisten } = await client.listen(channel, onMessage, onListening);
      return unlisten;
    },
    poolStats: () => {
      const stats = (client as unknown as { stats: () => PoolStats }).stats();
      return {
        max: stats.max,
        idle: stats.idle,
        busy: stats.busy,
        connecting: stats.connecting,
        waiting: stats.waiting,
        waited: stats.waited,
      };
    },
    close: () => client.end({ timeout: 5 }),
  };
}

async function openPglite(dataDir: string, loadDataDir?: Blob | File): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  const releaseLock = inMemory ? () => {} : lockDataDir(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: inMemory ? undefined : dataDir,
      extensions: pgliteExtensions,
      ...(loadDataDir ? { loadDataDir } : {}),
    });
    for (const [name, value] of Object.entries(SESSION_SETTINGS)) {
      await client.query('select set_config($1, $2, false)', [name, value]);
    }
  } catch (error) {
    releaseLock();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() }),
    ping: () => ping(db),
    // One session in this process: it never disconnects, and hears its own notifications.
    listen: async (channel, onMessage, onListening) => {
      const stop = await client.listen(channel, onMessage);
      onListening?.();
      return () => stop();
    },
    dump: () => client.dumpDataDir('gzip'),
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        releaseLock();
      }
    },
  };
}

/**
 * Whether the database answers. Connections that were cut (a killed backend, a failover) are
 * replaced by fresh ones for up to a second, so only a database that is really away reads as down.
 */
function ping(db: Database): Promise<boolean> {
  return waitForDatabase(db);
}

/**
 * PGlite has no lock of its own: two processes on one data folder silently diverge. A pid file
 * beside the folder makes the second one fail with a clear message instead.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dirname(dataDir), { recursive: true });
  const lockFile = join(dirname(dataDir), `${dataDir.split(/[\\/]/).pop()}.lock`);
  try {
    const holder = Number(readFileSync(lockFile, 'utf8'));
    if (holder && holder !== process.pid && isProcessRunning(holder)) {
      throw new Error(
        `The embedded database in ${dataDir} is open in another process (pid ${holder}). ` +
          'Stop it first (for example the dev server), or set DATABASE_URL to use PostgreSQL.',
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

/** Whether a process with this id runs on this machine (another user's counts too). */
export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
