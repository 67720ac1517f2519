import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root: the nearest folder above this module that holds the committed migrations.
 * Found by walking up so it also works from the bundled production server.
 */
export function findRepoRoot(start = dirname(fileURLToPath(import.meta.url))): string {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error(`Could not find the drizzle/ migrations folder above ${start}`);
    }
    dir = parent;
  }
}

export function migrationsFolder(): string {
  return process.env.MIGRATIONS_DIR || join(findRepoRoot(), 'drizzle');
}

/** Where the embedded database lives when DATABASE_URL is not set. */
export function defaultDataDir(): string {
  return process.env.PGLITE_DATA_DIR || join(findRepoRoot(), '.data', 'pglite');
}

/**
 * Loads the repository's `.env` when there is one. Variables already set in the environment win,
 * so CI and production settings are never overridden by a stray file.
 */
export function loadRootEnvFile(): void {
  const file = join(findRepoRoot(), '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}
