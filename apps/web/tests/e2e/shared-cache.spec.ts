import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { findRepoRoot } from '@parkside/db';
import { freePorts, sessionCookie, spawnServer, stopServers } from './app-servers';
import { expect, test } from './fixtures';
import { createFreshDatabase } from './fresh-database';

/**
 * deploy/varnish/parkside.vcl in front of a production server with CDN_SURROGATE_HEADER=xkey
 * (decision 069): signed-out pages are kept once for everyone, work in a browser from the shared
 * copy (its CSP allows the page's scripts by hash), and are purged the moment what they show
 * changes; signed-in requests and purges from outside never touch the cache.
 */
const VARNISHD = '/usr/sbin/varnishd';

/** Varnish on `port` with the recipe's VCL, its three app servers replaced by the one on `app`. */
async function startVarnish(port: number, app: number) {
  const dir = mkdtempSync(join(tmpdir(), 'parkside-varnish-'));
  const vcl = readFileSync(join(findRepoRoot(), 'deploy/varnish/parkside.vcl'), 'utf8')
    .replace(
      /backend app1 \{[^\n]*\}/,
      `backend app1 { .host = "127.0.0.1"; .port = "${app}"; .probe = healthz; }`,
    )
    .replace(/backend app[23] \{[^\n]*\}\n/g, '')
    .replace(/ +servers\.add_backend\(app[23]\);\n/g, '');
  // varnishd reads the VCL as its own unprivileged user.
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, 'test.vcl'), vcl, { mode: 0o644 });
  const child: ChildProcess = spawn(
    VARNISHD,
    [
      '-F',
      '-a',
      `127.0.0.1:${port}`,
      '-f',
      join(dir, 'test.vcl'),
      '-n',
      join(dir, 'work'),
      '-s',
      'malloc,64m',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null) throw new Error(`varnishd exited:\n${output}`);
    const answer = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
    if (answer?.ok) break;
    if (tries > 150) throw new Error(`varnishd did not answer:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test.describe('a shared cache in front (deploy/varnish)', () => {
  test.skip(
    !existsSync(VARNISHD),
    `needs ${VARNISHD} and varnish-modules (Debian: apt-get install varnish varnish-modules; .ci/run installs them)`,
  );
  test.skip(
    !process.env.TEST_DATABASE_URL,
    'changes an event with SQL on PostgreSQL: run it through npm test',
  );

  test('keeps /events once for every visitor, serves it working, and drops it the moment an event changes', async ({
    page,
  }) => {
    test.slow();
    const database = await createFreshDatabase();
    const [appPort, cachePort] = (await freePorts(2)) as [number, number];
    const base = `http://127.0.0.1:${cachePort}`;
    const env = database.env as { DATABASE_URL: string };
    const server = await spawnServer(
      {
        ...env,
        PUBLIC_URL: base,
        CDN_SURROGATE_HEADER: 'xkey',
        CDN_PURGE_URLS: `${base}/`,
        JOBS_POLL_MS: '100',
      },
      appPort,
    );
    const varnish = await startVarnish(cachePort, appPort);
    const sql = postgres(env.DATABASE_URL, { max: 1, onnotice: () => {} });
    try {
      const first = await fetch(`${base}/events`);
      expect(first.headers.get('x-shared-cache')).toBe('miss');
      expect(first.headers.get('cache-control')).toBe(
        'public, max-age=0, s-maxage=300, stale-while-revalidate=30',
      );
      expect(first.headers.get('xkey')).toBeNull();
      const csp = first.headers.get('content-security-policy')!;
      expect(csp).toMatch(/script-src 'strict-dynamic' 'self' 'sha256-/);
      expect(csp).not.toMatch(/nonce-/);
      expect(await first.text()).not.toMatch(/nonce=/);
      const second = await fetch(`${base}/events`);
      expect(second.headers.get('x-shared-cache')).toBe('hit');

      // The shared copy works in a browser: its scripts run under the hashed CSP.
      const refused: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') refused.push(message.text());
      });
      await page.goto(`${base}/events`);
      // Remix's router exists once the page's module scripts ran and hydrated it.
      await page.waitForFunction(() => '__remixRouter' in window);
      expect(refused, refused.join('\n')).toEqual([]);

      // A changed event: PostgreSQL tells the server, the server purges, the cache asks again.
      const [event] = await sql<{ id: string; title: string }[]>`
        select id, title from events where status = 'scheduled' and starts_at > now()
        order by starts_at limit 1`;
      await sql`update events set title = ${`${event!.title} (moved indoors)`} where id = ${event!.id}`;
      const changedAt = Date.now();
      await expect
        .poll(
          async () => (await (await fetch(`${base}/events`)).text()).includes('(moved indoors)'),
          {
            timeout: 10_000,
            intervals: [100],
          },
        )
        .toBe(true);
      expect(Date.now() - changedAt).toBeLessThan(5_000);

      // Signed-in people, and purges from outside, never touch the cache.
      const cookie = await sessionCookie(base, 'driver@example.com', 'parkside-driver');
      const signedIn = await fetch(`${base}/events`, { headers: { cookie } });
      expect(signedIn.headers.get('x-shared-cache')).toBe('miss');
      expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');
      const outside = await fetch(`${base}/`, {
        method: 'PURGE',
        headers: { 'xkey-purge': 'ps-all', 'x-forwarded-for': '203.0.113.9' },
      });
      expect(outside.status).toBe(403);
    } finally {
      await sql.end();
      await varnish.stop();
      await stopServers([server.child]);
      await database.drop();
    }
  });
});
