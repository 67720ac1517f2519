import { expect, test } from './fixtures';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { startTestSmtpServer } from '@parkside/email/testing';
import { createServer as createTcpServer, type Socket } from 'node:net';
import postgres from 'postgres';
import { freePort, freePorts, postForm, spawnServer, stopServers } from './app-servers';
import { createFreshDatabase, type FreshDatabase } from './fresh-database';

/** A second production server on its own port and database, for tests that stop it. */
const startServer = (database: FreshDatabase, port: number) =>
  spawnServer(database.env as Record<string, string>, port);

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

  test('closes the database and exits on SIGTERM, not held by an idle kept-alive client', async () => {
    const database = await createFreshDatabase({ seed: false });
    try {
      const port = await freePort();
      // A grace far longer than the wait below: only a server that closes the idle connection
      // at once (rather than waiting for it) exits in time, however busy the machine is.
      const { child, output } = await spawnServer(
        { ...(database.env as Record<string, string>), SHUTDOWN_GRACE_MS: '120000' },
        port,
      );
      // A keep-alive connection must not hold the process open.
      await fetch(`http://127.0.0.1:${port}/events`, { headers: { connection: 'keep-alive' } });
      child.kill('SIGTERM');
      expect(await exitWithin(child, 60_000)).toBe(0);
      expect(output()).toContain('SIGTERM received');
    } finally {
      await database.drop();
    }
  });

  test('/healthz answers 503 when the database stops answering', async () => {
    test.skip(!process.env.TEST_DATABASE_URL, 'needs PostgreSQL to take the database away');
    const database = await createFreshDatabase({ seed: false });
    const port = await freePort();
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

test.describe('a restart that loses nothing', () => {
  test.describe.configure({ timeout: 120_000 });

  test('SIGTERM tells open message streams to come back at once and hands its running job to the next server', async () => {
    test.skip(!process.env.TEST_DATABASE_URL, 'reads the job queue in PostgreSQL');
    // A mail server that accepts the connection and never answers: the verification mail's job
    // is still running when the server is told to stop.
    const sockets = new Set<Socket>();
    const silent = createTcpServer((socket) => sockets.add(socket)).listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const silentPort = (silent.address() as { port: number }).port;
    const smtp = await startTestSmtpServer();
    const database = await createFreshDatabase({ seed: false });
    const sql = postgres((database.env as { DATABASE_URL: string }).DATABASE_URL, {
      max: 1,
      onnotice: () => {},
    });
    const [portA, portB] = await freePorts(2);
    const env = database.env as Record<string, string>;
    const a = await spawnServer({ ...env, SMTP_URL: `smtp://127.0.0.1:${silentPort}` }, portA!);
    let b: Awaited<ReturnType<typeof spawnServer>> | undefined;
    try {
      const baseA = `http://127.0.0.1:${portA}`;
      const signup = await submit(baseA, '/register', account);
      expect(signup.status).toBe(302);
      // Live messages are for verified addresses.
      await sql`update password_accounts set email_verified = true`;
      await sql`update users set email_verified = true`;
      // A message queued as a booking queues its confirmation: a stored e-mail and its job.
      const [mail] = await sql<{ id: string }[]>`
        insert into email_jobs (to_address, subject, text_body, html_body, kind)
        values (${account.email}, 'Your parking is booked', 'See you on game day.',
          '<p>See you on game day.</p>', 'booking-confirmed-driver')
        returning id`;
      await sql`insert into jobs (task, payload)
        values ('email.send', ${sql.json({ emailId: Number(mail!.id) })})`;
      await expect
        .poll(async () => (await sql`select attempts from jobs where task = 'email.send'`)[0])
        .toEqual({ attempts: 1 });

      // A page's live-message stream on the server about to stop.
      const stream = await fetch(`${baseA}/api/messages/stream`, {
        headers: { cookie: signup.cookie!, accept: 'text/event-stream' },
      });
      expect(stream.status).toBe(200);
      const body = stream.text();

      a.child.kill('SIGTERM');
      // The job's grace is 3 s; the wait only guards against a server that never stops.
      expect(await exitWithin(a.child, 30_000)).toBe(0);
      // The stream ended with word to reconnect in a quarter of a second, not the usual 3 s.
      expect(await body).toMatch(/retry: 250\n\n$/);
      // The mail job is due again now, its attempt not counted: not left for its 5-minute lease.
      const [job] = await sql<{ attempts: number; status: string; due: boolean }[]>`
        select attempts, status, run_at <= now() as due from jobs where task = 'email.send'`;
      expect(job).toEqual({ attempts: 0, status: 'pending', due: true });

      // The next server sends it at once.
      b = await spawnServer({ ...env, SMTP_URL: smtp.url }, portB!);
      const sent = await smtp.waitFor((m) => m.subject === 'Your parking is booked', 15_000);
      expect(sent.to).toContain(account.email);
    } finally {
      await stopServers([a.child, ...(b ? [b.child] : [])]);
      for (const socket of sockets) socket.destroy();
      silent.close();
      await smtp.close();
      await sql.end();
      await database.drop();
    }
  });
});

/** A form POST as a browser on `base` sends it; returns the status, body and session cookie. */
async function submit(base: string, path: string, form: Record<string, string>, cookie?: string) {
  const response = await postForm(base, path, form, cookie);
  const session = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('parkside_session=') && !c.startsWith('parkside_session=;'));
  return {
    status: response.status,
    body: await response.text(),
    cookie: session?.split(';')[0],
    setCookie: session,
    retryAfter: response.headers.get('retry-after'),
  };
}

const account = {
  name: 'Casey Driver',
  email: 'casey@example.com',
  password: 'correct horse battery',
  terms: 'on',
};

/** Two app servers on one fresh database with `account` registered; stopped and dropped after. */
async function withTwoServers(run: (bases: string[]) => Promise<void>) {
  const database = await createFreshDatabase({ seed: false });
  const ports = await freePorts(2);
  const servers = await Promise.all(ports.map((port) => startServer(database, port)));
  const bases = ports.map((port) => `http://127.0.0.1:${port}`);
  try {
    expect((await submit(bases[0]!, '/register', account)).status).toBe(302);
    await run(bases);
  } finally {
    await stopServers(servers.map((server) => server.child));
    await database.drop();
  }
}

test.describe('several app servers on one database', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a session survives a server restart', async () => {
    const database = await createFreshDatabase({ seed: false });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    try {
      let server = await startServer(database, port);
      const signup = await submit(base, '/register', account);
      expect(signup.status).toBe(302);
      expect(signup.cookie).toBeTruthy();
      // Production cookies: not readable by scripts, not sent cross-site, HTTPS only.
      expect(signup.setCookie).toMatch(/; HttpOnly/i);
      expect(signup.setCookie).toMatch(/; SameSite=Lax/i);
      expect(signup.setCookie).toMatch(/; Secure/i);
      await stopServers([server.child]);

      server = await startServer(database, port);
      const page = await fetch(`${base}/account-settings`, {
        headers: { cookie: signup.cookie! },
        redirect: 'manual',
      });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('casey@example.com');
      await stopServers([server.child]);
    } finally {
      await database.drop();
    }
  });

  test('the 11th failed sign-in answers 429, with attempts alternating between two servers', async () => {
    test.skip(!process.env.TEST_DATABASE_URL, 'two processes on one database need PostgreSQL');
    await withTwoServers(async (bases) => {
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        const result = await submit(bases[attempt % 2]!, '/login', {
          email: account.email,
          password: `wrong ${attempt}`,
        });
        expect(result.status, `attempt ${attempt}`).toBe(401);
        expect(result.body).toContain('Incorrect email or password. Please try again.');
      }
      for (const base of bases) {
        const refused = await submit(base, '/login', {
          email: account.email,
          password: account.password,
        });
        expect(refused.status).toBe(429);
        expect(refused.body).toContain('Too many failed sign-in attempts for this email.');
        // How long to wait, in seconds, for browsers and tools that back off.
        expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
        expect(refused.retryAfter).toMatch(/^\d+$/);
        expect(refused.cookie).toBeUndefined();
      }
    });
  });

  test('failed sign-ins from one address answer 429 past 20, while a right password still signs in', async () => {
    test.skip(!process.env.TEST_DATABASE_URL, 'two processes on one database need PostgreSQL');
    await withTwoServers(async (bases) => {
      for (let attempt = 1; attempt <= 20; attempt += 1) {
        const result = await submit(bases[attempt % 2]!, '/login', {
          email: `nobody-${attempt}@example.com`,
          password: 'a guess at a password',
        });
        expect(result.status, `attempt ${attempt}`).toBe(404);
      }
      for (const base of bases) {
        const refused = await submit(base, '/login', {
          email: 'nobody-21@example.com',
          password: 'a guess at a password',
        });
        expect(refused.status).toBe(429);
        expect(refused.body).toContain('Too many failed sign-in attempts from your network.');
        expect(refused.retryAfter).toMatch(/^\d+$/);
        expect(refused.cookie).toBeUndefined();
      }
      // Someone else at the same address, with the right password, is let in.
      const signedIn = await submit(bases[0]!, '/login', {
        email: account.email,
        password: account.password,
      });
      expect(signedIn.status).toBe(302);
      expect(signedIn.cookie).toBeDefined();
    });
  });
});
