/**
 * A fresh PostgreSQL database for one benchmark run: created on the server named by
 * BENCH_DATABASE_URL (or the usual PG* variables, else 127.0.0.1:5432 as postgres), migrated
 * with the app's own migrations, and dropped at the end.
 */
import { createDatabase, type DatabaseHandle } from '@parkside/db';
import { onServer, withDatabase } from '@parkside/db/testing';
import { randomBytes } from 'node:crypto';
import { step } from './stats';

/** The server to create the run's database on (its database part names the maintenance db). */
export function serverUrl(env: NodeJS.ProcessEnv = process.env): string {
  if (env.BENCH_DATABASE_URL) return env.BENCH_DATABASE_URL;
  const url = new URL('postgres://127.0.0.1:5432/postgres');
  if (env.PGHOST) url.hostname = env.PGHOST;
  if (env.PGPORT) url.port = env.PGPORT;
  url.username = env.PGUSER || 'postgres';
  if (env.PGPASSWORD) url.password = env.PGPASSWORD;
  if (env.PGDATABASE) url.pathname = `/${env.PGDATABASE}`;
  return url.toString();
}

/** Hides the password when a URL is printed. */
export function describeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

export interface BenchDatabase {
  name: string;
  url: string;
  handle: DatabaseHandle;
  /** Closes the pool and drops the database; safe to call more than once. */
  drop(): Promise<void>;
}

export async function createBenchDatabase(server: string): Promise<BenchDatabase> {
  const name = `parkside_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  await onServer(server, (sql) => sql.unsafe(`create database "${name}"`));
  const url = withDatabase(server, name);
  let dropping: Promise<void> | undefined;
  let handle: DatabaseHandle | undefined;
  const drop = () => {
    dropping ??= (async () => {
      await handle?.close().catch(() => {});
      await onServer(server, (sql) => sql.unsafe(`drop database if exists "${name}" with (force)`));
    })();
    return dropping;
  };
  try {
    handle = await createDatabase({ url, maxConnections: 4 });
    await handle.migrate();
  } catch (error) {
    await drop().catch(() => {});
    throw error;
  }
  return { name, url, handle, drop };
}

/** A fresh, migrated database on `serverUrl()`, saying on the console which server it is on. */
export async function freshBenchDatabase(): Promise<BenchDatabase> {
  const server = serverUrl();
  console.log(`PostgreSQL server: ${describeUrl(server)}`);
  return step('Creating and migrating a fresh database', () => createBenchDatabase(server));
}
