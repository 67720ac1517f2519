import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

/** The production server, as `npm start` runs it: the Express entry of the one SSR build. */
export const SERVER_ENTRY = 'build/server/main.js';

/**
 * How long a hook or test that starts production servers may take. A server answers in about
 * 2 s on a quiet machine; on a 2-core machine running another suite it has taken over 30 s.
 */
export const SERVER_START_TIMEOUT_MS = 120_000;

/**
 * The ports handed out by `freePorts`: below Linux's ephemeral range (32768-60999), which is where
 * the system puts every server started on port 0 (the test SMTP, OpenID and address servers) and
 * every outgoing connection. A port taken from that range and released could be given to one of
 * them before our server binds it ("Port ... is already in use").
 */
const PORT_RANGE = { from: 20_000, to: 32_000 };

async function tryListen(port: number): Promise<ReturnType<typeof createServer> | null> {
  const server = createServer();
  try {
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    return server;
  } catch {
    server.close();
    return null;
  }
}

/**
 * `count` ports nobody listens on now, picked at random outside the ephemeral range, so two
 * suites on one machine never collide on a fixed port and no port-0 server takes them. All are
 * held open until each is known, so they differ.
 */
export async function freePorts(count: number): Promise<number[]> {
  const held: ReturnType<typeof createServer>[] = [];
  const ports: number[] = [];
  for (let attempt = 0; ports.length < count; attempt += 1) {
    if (attempt > 500)
      throw new Error(`No ${count} free ports between ${PORT_RANGE.from} and ${PORT_RANGE.to}`);
    const port = PORT_RANGE.from + Math.floor(Math.random() * (PORT_RANGE.to - PORT_RANGE.from));
    if (ports.includes(port)) continue;
    const server = await tryListen(port);
    if (!server) continue;
    held.push(server);
    ports.push(port);
  }
  await Promise.all(held.map((server) => new Promise((done) => server.close(done))));
  return ports;
}

/** One free port (see `freePorts`). */
export async function freePort(): Promise<number> {
  return (await freePorts(1))[0]!;
}

/** Every server a spec started and has not stopped: killed when the worker exits, whatever happened. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface StartedServer {
  child: ChildProcess;
  /** What the server printed so far. */
  output(): string;
}

/**
 * A production server on `port` with `env` (its database, and any settings), as an operator
 * starts one: no PUBLIC_URL unless `env` gives it. Resolves once /healthz answers.
 * Fails at once, with what the server printed, if it exits first; a server that does not answer
 * in time is stopped before the error is thrown, so it is never left behind.
 */
export async function spawnServer(
  env: Record<string, string>,
  port: number,
  { timeoutMs = SERVER_START_TIMEOUT_MS - 10_000 } = {},
): Promise<StartedServer> {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      // A test never calls out: no address search at Photon's public instance unless a spec
      // points GEOCODER_URL at its own local server.
      GEOCODER_KIND: 'none',
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server on ${port} exited before it answered:\n${output}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stopServers([child]);
      throw new Error(`The server on ${port} did not answer within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, output: () => output };
}

/** Another production server on `port`, on the database `env` names; resolves once it answers. */
export async function startServer(
  env: Record<string, string>,
  port: number,
): Promise<ChildProcess> {
  return (await spawnServer({ ...env, PUBLIC_URL: `http://127.0.0.1:${port}` }, port)).child;
}

/**
 * Stops each server that is still running: SIGTERM, then SIGKILL after 10 s. Never throws, and
 * takes servers that never started (undefined) too, so an `afterAll` after a failed
 * `beforeAll` cleans up what there is instead of failing again.
 */
export async function stopServers(servers: readonly (ChildProcess | undefined)[]): Promise<void> {
  await Promise.all(
    servers.map(async (server) => {
      if (!server || server.exitCode !== null || server.signalCode !== null) return;
      const exited = once(server, 'exit').catch(() => undefined);
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }),
  );
}

/** Sends a form as the browser does (same-origin POST), not following redirects. */
export function postForm(
  base: string,
  path: string,
  form: Record<string, string>,
  cookie?: string,
) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      origin: base,
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(form),
  });
}

/** Signs in with a password through /login; returns the session cookie. */
export async function sessionCookie(base: string, email: string, password: string) {
  const response = await postForm(base, '/login', { email, password });
  if (response.status !== 302) throw new Error(`Sign-in as ${email} answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith('parkside_session='))!
    .split(';')[0]!;
}
