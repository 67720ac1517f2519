import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import postgres from 'postgres';
import { createFreshDatabase, type FreshDatabase } from './fresh-database';

/** A second production server on its own port and database, for tests that stop it. */
async function startServer(database: FreshDatabase, port: number) {
  const child = spawn(process.execPath, ['build/server.js'], {
    env: {
      ...process.env,
      ...database.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: 'pipe',
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, output: () => output };
}

async function exitWithin(child: ChildProcess, ms: number): Promise<number | null> {
  const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const result = await Promise.race([exited, timer]);
  if (result === 'timeout') {
    child.kill('SIGKILL');
    throw new Error(`Server still running ${ms} ms after SIGTERM`);
  }
  return result;
}

test.describe('the production server', () => {
  test.describe.configure({ timeout: 90_000 });

  test('closes the database and exits within 5 s of SIGTERM, even with a client connected', async () => {
    const database = await createFreshDatabase({ seed: false });
    try {
      const port = 3290 + test.info().workerIndex;
      const { child, output } = await startServer(database, port);
      // A keep-alive connection must not hold the process open.
      await fetch(`http://127.0.0.1:${port}/events`, { headers: { connection: 'keep-alive' } });
      const started = Date.now();
      child.kill('SIGTERM');
      expect(await exitWithin(child, 5_000)).toBe(0);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(output()).toContain('SIGTERM received');
    } finally {
      await database.drop();
    }
  });

  test('/healthz answers 503 when the database stops answering', async () => {
    test.skip(!process.env.TEST_DATABASE_URL, 'needs PostgreSQL to take the database away');
    const database = await createFreshDatabase({ seed: false });
    const port = 3295 + test.info().workerIndex;
    const { child } = await startServer(database, port);
    try {
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      // Take the database away under the running server.
      const name = new URL((database.env as { DATABASE_URL: string }).DATABASE_URL).pathname.slice(
        1,
      );
      const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database "${name}" with (force)`);
      await admin.end();
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'unavailable', database: 'down' });
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
      await database.drop();
    }
  });
});
