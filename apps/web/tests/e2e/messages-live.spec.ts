import { expect, test } from './fixtures';
import postgres from 'postgres';
import { freePorts, startServer, stopServers } from './app-servers';
import { createFreshDatabase } from './fresh-database';
import { bookThroughApi } from './page-api';
import { profileMenu, signedInPage } from './session';

// Two production servers on one PostgreSQL: a message sent through one reaches a page open on
// the other, through LISTEN/NOTIFY, within a second or two, and survives a cut listener.
test.describe.configure({ timeout: 120_000 });

test('a message from server A reaches the other person on server B live, also after a cut listener', async ({
  browser,
}) => {
  test.skip(!process.env.TEST_DATABASE_URL, 'two processes on one database need PostgreSQL');
  const database = await createFreshDatabase();
  const url = (database.env as { DATABASE_URL: string }).DATABASE_URL;
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const ports = await freePorts(2);
  const servers = await Promise.all(ports.map((port) => startServer(database.env, port)));
  const [baseA, baseB] = ports.map((port) => `http://127.0.0.1:${port}`);
  try {
    const driver = await signedInPage(browser, baseA!, 'driver@example.com', 'parkside-driver');
    const host = await signedInPage(browser, baseB!, 'host@example.com', 'parkside-host');
    const [listing] = await sql<{ id: string }[]>`
      select l.id from listings l
      join driveways d on d.id = l.driveway_id
      join users u on u.id = d.host_id
      join events e on e.id = l.event_id
      where u.email = 'host@example.com' and l.status = 'open' and e.starts_at > now()
      order by e.starts_at limit 1`;
    const bookingId = await bookThroughApi(driver, listing!.id, {
      licensePlate: 'LIVE 1',
      vehicleDescription: 'Black Jeep Wrangler',
    });

    // Both open /messages, each on their own server.
    await host.goto('/messages');
    await expect(host.getByText('No conversations yet.')).toBeVisible();
    await driver.goto(`/messages?booking=${bookingId}`);
    const composer = driver.getByLabel('Message to Hayden Host');
    await composer.fill('Hello from server A!');
    await composer.press('Enter');
    await expect(composer).toHaveValue('');

    // On B, without a reload: the conversation, its unread count and the badge.
    const list = host.getByRole('navigation', { name: 'Conversations' });
    const entry = list.getByRole('link', { name: /Dana Driver/ });
    await expect(entry).toContainText('1 unread', { timeout: 2_000 });
    await expect(profileMenu(host)).toHaveAccessibleName(/, 1 unread message$/, {
      timeout: 2_000,
    });

    // B reads it: B's count goes, and A's counts do not change.
    await entry.click();
    await expect(host.getByRole('region', { name: 'Conversation with Dana Driver' })).toContainText(
      'Hello from server A!',
    );
    await expect(profileMenu(host)).toHaveAccessibleName('Profile menu for Hayden Host');
    await expect(profileMenu(driver)).toHaveAccessibleName('Profile menu for Dana Driver');

    // Every server's listening connection is cut; a message sent meanwhile still arrives.
    const cut = await sql<{ cut: boolean }[]>`
      select pg_terminate_backend(pid) as cut from pg_stat_activity
      where datname = current_database() and query ilike 'listen %'
        and pid <> pg_backend_pid()`;
    expect(cut.length).toBeGreaterThanOrEqual(2);
    const reply = host.getByLabel('Message to Dana Driver');
    await reply.fill('Got it, see you there.');
    await reply.press('Enter');
    await expect(
      driver.getByRole('region', { name: 'Conversation with Hayden Host' }),
    ).toContainText('Got it, see you there.', { timeout: 5_000 });
  } finally {
    await stopServers(servers);
    await sql.end();
    await database.drop();
  }
});
