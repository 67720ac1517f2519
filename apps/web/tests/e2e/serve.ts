/**
 * Playwright's web server: a fresh seeded database, then the production build on E2E_PORT.
 * On SIGTERM it stops the server (which closes its database) and drops the database.
 */
import { spawn } from 'node:child_process';
import { createFreshDatabase } from './fresh-database';

const database = await createFreshDatabase();
const server = spawn(process.execPath, ['build/server.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    ...database.env,
    NODE_ENV: 'production',
    PORT: process.env.E2E_PORT ?? '3210',
    HOST: '127.0.0.1',
  },
});

let stopping = false;
async function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  server.kill(signal);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

server.on('exit', async (code) => {
  await database.drop().catch((error) => console.error('Could not drop the e2e database:', error));
  process.exit(stopping ? 0 : (code ?? 1));
});
