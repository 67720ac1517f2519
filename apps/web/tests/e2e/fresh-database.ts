import { seedDemoAccounts } from '@parkside/auth';
import { createDatabase, seedDemoData, seedDemoListings } from '@parkside/db';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { seedDemoPhotos } from '../../server/demo-photos';
import { readEnv } from '../../server/env';
import { createStorage } from '../../server/services';

/** Environment for a server process that uses the database. */
export type DatabaseEnv = { DATABASE_URL: string } | { PGLITE_DATA_DIR: string };

export interface FreshDatabase {
  env: DatabaseEnv;
  drop(): Promise<void>;
}

/**
 * A new, migrated database, seeded with the demo events, driveways and accounts, for one server under test: a new database on the
 * TEST_DATABASE_URL server when it is set, a temporary PGlite folder otherwise.
 */
export async function createFreshDatabase({
  seed = true,
  storageDir,
  serverUrl = process.env.TEST_DATABASE_URL,
}: {
  seed?: boolean;
  /** The PostgreSQL server to make it on (a replicated pair's primary); TEST_DATABASE_URL by default. */
  serverUrl?: string;
  /** The server's STORAGE_DIR: the demo driveways' photos are stored there, as uploads are. */
  storageDir?: string;
} = {}): Promise<FreshDatabase> {
  let env: DatabaseEnv;
  let drop: () => Promise<void>;
  if (serverUrl) {
    const name = `parkside_e2e_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString() };
    drop = async () => {
      const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await sql.unsafe(`drop database if exists "${name}" with (force)`);
      await sql.end();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'parkside-e2e-'));
    env = { PGLITE_DATA_DIR: join(dir, 'db') };
    drop = async () => rmSync(dir, { recursive: true, force: true });
  }
  const handle = await createDatabase(
    'DATABASE_URL' in env ? { url: env.DATABASE_URL } : { dataDir: env.PGLITE_DATA_DIR },
  );
  try {
    await handle.migrate();
    if (seed) {
      await seedDemoData(handle.db);
      await seedDemoAccounts(handle.db);
      await seedDemoListings(handle.db);
      if (storageDir) {
        await seedDemoPhotos(
          handle.db,
          createStorage(handle.db, readEnv({ STORAGE_DIR: storageDir })),
        );
      }
    }
  } finally {
    await handle.close();
  }
  return { env, drop };
}
