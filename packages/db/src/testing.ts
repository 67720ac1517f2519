/**
 * Fresh, migrated databases for tests. Each test run gets its own database:
 * - with TEST_DATABASE_URL, a template database is created and migrated once per run on that
 *   PostgreSQL server, and every test file gets a copy of it (CREATE DATABASE ... TEMPLATE);
 * - otherwise PGlite: one migrated snapshot per run, loaded into an in-memory PGlite per file.
 * Everything created is dropped when the run ends.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { createDatabase, type DatabaseHandle } from './client';

const TEMPLATE_ENV = 'PARKSIDE_TEST_TEMPLATE';

function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

/** `url` with its database part replaced by `name`. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Runs `run` on one short-lived connection to `url` (CREATE and DROP DATABASE, say). */
export async function onServer<T>(url: string, run: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    return await run(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * Terminates every connection to the database of `databaseUrl` but this one, as a failover or an
 * operator's `pg_terminate_backend` would; resolves to how many were cut. PostgreSQL only.
 */
export async function cutConnectionsTo(serverUrl: string, databaseUrl: string): Promise<number> {
  const name = new URL(databaseUrl).pathname.slice(1);
  return onServer(serverUrl, async (admin) => {
    const rows = await admin<{ cut: boolean }[]>`
      select pg_terminate_backend(pid) as cut from pg_stat_activity
      where datname = ${name} and pid <> pg_backend_pid()`;
    return rows.filter((row) => row.cut).length;
  });
}

/** Creates this run's migrated template. Returns a teardown that removes it. */
export async function prepareTestTemplate(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = uniqueName('parkside_tmpl');
    await onServer(serverUrl, (sql) => sql.unsafe(`create database "${name}"`));
    const handle = await createDatabase({ url: withDatabase(serverUrl, name), maxConnections: 1 });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    process.env[TEMPLATE_ENV] = `postgres:${name}`;
    console.info(`Test databases: PostgreSQL (${new URL(serverUrl).host}), template ${name}`);
    return () =>
      onServer(serverUrl, (sql) =>
        sql.unsafe(`drop database if exists "${name}" with (force)`),
      ).then(() => undefined);
  }
  const handle = await createDatabase({ dataDir: 'memory://' });
  const file = join(tmpdir(), `${uniqueName('parkside-pglite')}.tar.gz`);
  try {
    await handle.migrate();
    const dump = await handle.dump!();
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  process.env[TEMPLATE_ENV] = `pglite:${file}`;
  console.info('Test databases: in-memory PGlite from a migrated snapshot');
  return async () => rmSync(file, { force: true });
}

export interface TestDatabase extends DatabaseHandle {
  /** The PostgreSQL URL of this database, when it is one (for servers started by a test). */
  url?: string;
}

/** A fresh copy of this run's migrated template; `close()` also drops it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = process.env[TEMPLATE_ENV];
  if (!template) {
    throw new Error(
      `No test template: add @parkside/db's test global setup (${TEMPLATE_ENV} unset).`,
    );
  }
  const [kind, ref] = [
    template.slice(0, template.indexOf(':')),
    template.slice(template.indexOf(':') + 1),
  ];
  if (kind === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = uniqueName('parkside_test');
    await onServer(serverUrl, (sql) => sql.unsafe(`create database "${name}" template "${ref}"`));
    const url = withDatabase(serverUrl, name);
    const handle = await createDatabase({ url, maxConnections: 5 });
    return {
      ...handle,
      url,
      close: async () => {
        await handle.close();
        await onServer(serverUrl, (sql) =>
          sql.unsafe(`drop database if exists "${name}" with (force)`),
        );
      },
    };
  }
  const snapshot = new Blob([readFileSync(ref)]);
  return createDatabase({ dataDir: 'memory://', loadDataDir: snapshot });
}
