/**
 * What the benchmarks share for running the production server as a child process: a free
 * port, starting it and waiting for /healthz, stopping it, and cleaning up once on Ctrl-C.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository, the web app, and its production server entry (`npm run build` makes it). */
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
export const webRoot = join(repoRoot, 'apps', 'web');
export const productionEntry = join(webRoot, 'build', 'server', 'main.js');

const HEALTH_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('No free port found.'))));
    });
  });
}

/** Waits until `GET {origin}/healthz` answers 200; throws if the server exits or never does. */
export async function waitForHealth(child: ChildProcess, origin: string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited (${child.exitCode ?? child.signalCode}) before it was up.`,
      );
    }
    try {
      const response = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `GET /healthz did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s (${last}).`,
  );
}

/** SIGTERM, then SIGKILL if the server has not exited after ten seconds. */
export async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    console.error('The server did not stop after SIGTERM; killing it.');
    child.kill('SIGKILL');
  }, STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

let interrupted = false;

/**
 * Runs `cleanUp` once on SIGINT, SIGTERM or SIGHUP, then exits 130. Ctrl-C reaches this process
 * twice (from the terminal and relayed by npm/tsx): it keeps listening, so the second signal
 * does not kill the process before the clean-up is done.
 */
export function cleanUpOnInterrupt(cleanUp: () => Promise<void>): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      console.error(`\n${signal} received: cleaning up.`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
}

/**
 * Runs a benchmark's `main` and exits with its code (1 when it throws). A failure is told, with
 * `onFailure`'s extra words, unless Ctrl-C started the clean-up (which closes connections under
 * the running step); `cleanUp` always runs first. Exiting explicitly also ends handles a tool
 * left open (Lighthouse does).
 */
export async function runBenchmark(
  main: () => Promise<number>,
  cleanUp: () => Promise<void>,
  onFailure?: () => void,
): Promise<never> {
  let exitCode = 1;
  try {
    exitCode = await main();
  } catch (error) {
    if (!interrupted) {
      console.error('\nThe benchmark failed:', error instanceof Error ? error.message : error);
      onFailure?.();
    }
  } finally {
    await cleanUp();
  }
  process.exit(exitCode);
}

/**
 * The production server (`serverEntry`, run with node from `cwd`) on the bench database, as
 * `npm start` runs it, without seeding or the local OpenID provider. Its output is passed to
 * `onOutput` (for the error when it fails to start).
 */
export function spawnProductionServer(options: {
  serverEntry: string;
  cwd: string;
  databaseUrl: string;
  port: number;
  env?: NodeJS.ProcessEnv;
  onOutput?: (chunk: string) => void;
}): ProductionServer {
  const origin = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, [options.serverEntry], {
    cwd: options.cwd,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      PUBLIC_URL: origin,
      DATABASE_URL: options.databaseUrl,
      SEED_ON_START: 'false',
      DEV_OIDC: 'false',
      // A bench never calls out: no address search at Photon's public instance.
      GEOCODER_KIND: 'none',
      // Measured pages against pages: a line per request would be kept in memory by the runner.
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => options.onOutput?.(chunk.toString());
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return { child, origin };
}

export interface ProductionServer {
  child: ChildProcess;
  origin: string;
}

/**
 * Starts the production server and waits until it answers /healthz. The entry and folder are
 * the build's unless given; the port is a free one unless given. `onSpawn` gets the child as
 * soon as it runs, so the caller's clean-up can stop it even if it never comes up. If it does
 * not come up, the error carries what the server printed while starting.
 */
export async function startProductionServer(options: {
  databaseUrl: string;
  serverEntry?: string;
  cwd?: string;
  port?: number;
  env?: NodeJS.ProcessEnv;
  onOutput?: (chunk: string) => void;
  onSpawn?: (child: ChildProcess) => void;
}): Promise<ProductionServer> {
  let startup: string | undefined = '';
  const started = spawnProductionServer({
    serverEntry: options.serverEntry ?? productionEntry,
    cwd: options.cwd ?? webRoot,
    databaseUrl: options.databaseUrl,
    port: options.port ?? (await findFreePort()),
    env: options.env,
    onOutput: (chunk) => {
      if (startup !== undefined) startup += chunk;
      options.onOutput?.(chunk);
    },
  });
  options.onSpawn?.(started.child);
  try {
    await waitForHealth(started.child, started.origin);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}\nServer output:\n${startup || '(none)'}`);
  }
  startup = undefined;
  return started;
}
