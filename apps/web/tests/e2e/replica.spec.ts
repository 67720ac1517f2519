import postgres from 'postgres';
import {
  replicationUnavailableReason,
  startReplicatedPair,
  type ReplicatedPair,
} from '@parkside/db/replication-testing';
import { freePort, sessionCookie, spawnServer, stopServers } from './app-servers';
import { expect, test } from './fixtures';
import { createFreshDatabase } from './fresh-database';
import { screenshots } from './page-api';
import { ADMIN } from './session';

/**
 * A production server reading a streaming replica (decision 070): the System page shows the
 * replica in use and how far behind it is; with its replay paused it falls behind the bound and
 * says it is skipped, and once replay resumes it is in use again.
 */
const unavailable = replicationUnavailableReason();

test.describe('a server with a read replica', () => {
  test.skip(unavailable !== null, `needs a replica: ${unavailable}`);

  test('shows the replica on the System page, skipped while it lags and in use again after', async ({
    page,
  }) => {
    test.slow();
    let pair: ReplicatedPair | undefined;
    let server: Awaited<ReturnType<typeof spawnServer>> | undefined;
    try {
      pair = await startReplicatedPair();
      const database = await createFreshDatabase({ serverUrl: pair.primaryUrl });
      const primaryUrl = (database.env as { DATABASE_URL: string }).DATABASE_URL;
      const name = new URL(primaryUrl).pathname.slice(1);
      await pair.caughtUp();
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      server = await spawnServer(
        {
          DATABASE_URL: primaryUrl,
          DATABASE_REPLICA_URL: pair.urlOf('replica', name),
          REPLICA_MAX_LAG_MS: '1000',
          PUBLIC_URL: base,
        },
        port,
      );
      expect(server.output()).toMatch(/Read replicas: on \(1 replica; reads up to 1 s behind/);
      const cookie = await sessionCookie(base, ADMIN.email, ADMIN.password);
      const [cookieName, cookieValue] = cookie.split(';')[0]!.split('=') as [string, string];
      await page.context().addCookies([{ name: cookieName, value: cookieValue, url: base }]);

      await page.goto(`${base}/admin/system`);
      const replicas = page.getByRole('region', { name: 'Read replicas (1)' });
      const row = replicas.getByRole('listitem').filter({ hasText: `127.0.0.1` });
      await expect(row).toContainText(`/${name}`);
      await expect(row.getByText('in use', { exact: true })).toBeVisible();
      await expect(row).toContainText(/\d\.\d\d s/);
      await screenshots(page, 'admin-system-replica');

      // Replay paused while the primary changes: the replica falls behind and is skipped.
      await pair.pauseReplay();
      const sql = postgres(primaryUrl, { max: 1, onnotice: () => {} });
      await sql`update events set title = title || ' (replica test)' where id = (select id from events limit 1)`;
      await sql.end();
      await expect(async () => {
        await page.reload();
        await expect(row.getByText('lagging', { exact: true })).toBeVisible({ timeout: 500 });
      }).toPass({ timeout: 15_000 });
      await screenshots(page, 'admin-system-replica-lagging');

      await pair.resumeReplay();
      await expect(async () => {
        await page.reload();
        await expect(row.getByText('in use', { exact: true })).toBeVisible({ timeout: 500 });
      }).toPass({ timeout: 15_000 });
    } finally {
      await stopServers([server?.child]);
      await pair?.close();
    }
  });
});
