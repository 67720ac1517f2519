import { startVarnish, varnishMissing } from '@parkside/cdn/testing';
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
test.describe('a shared cache in front (deploy/varnish)', () => {
  test.skip(varnishMissing() !== null, `needs Varnish: ${varnishMissing()} (.ci/run installs it)`);
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
    const varnish = await startVarnish({
      recipePath: join(findRepoRoot(), 'deploy/varnish/parkside.vcl'),
      port: cachePort,
      backendPort: appPort,
    });
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
