import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/** The production server, as `npm start` runs it: the Express entry of the one SSR build. */
export const SERVER_ENTRY = 'build/server/main.js';

/** Another production server on `port`, on the database `env` names; resolves once it answers. */
export async function startServer(
  env: Record<string, string>,
  port: number,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Server on ${port} did not start`);
}

export async function stopServers(servers: ChildProcess[]): Promise<void> {
  for (const server of servers) {
    if (server.exitCode !== null) continue;
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
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
