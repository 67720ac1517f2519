import { bookAsDemoDriver, listShadyDriveway } from './review';
import { expect, test } from './fixtures';
import { eventRequest } from './event-form';
import { callApi, newPage, screenshots } from './page-api';
import { profileMenu, signInAsAdmin, signUpVerified } from './session';

test('a driver and a host write to each other about a booking, each with their own unread count', async ({
  page: host,
  browser,
  baseURL,
}) => {
  test.slow();
  // A host's event and driveway, and the demo driver's booking on it.
  await signUpVerified(host, 'Hana Host');
  const title = `Provo Pops ${Date.now().toString(36)}`;
  const created = await callApi(host, 'event.create', eventRequest(title, 20));
  const listingId = await listShadyDriveway(host, browser, baseURL, created.body.result.data.id);
  const { driver, booking } = await bookAsDemoDriver(browser, baseURL, listingId, {
    licensePlate: 'UT P0PS',
    vehicleDescription: 'Silver Mazda 3',
  });

  // The driver starts the conversation from My Bookings.
  await driver.goto('/my-bookings');
  await driver
    .getByRole('article', { name: `Booking for ${title}` })
    .getByRole('link', { name: 'Message host' })
    .click();
  const driverThread = driver.getByRole('region', { name: 'Conversation with Hana Host' });
  // My Bookings has just asked for the service worker, which fetches the whole build from the
  // same server: on a loaded machine the first page after it can take longer than 10 s.
  await expect(driverThread).toContainText('No messages yet. Say hello to Hana Host', {
    timeout: 30_000,
  });
  const composer = driver.getByLabel('Message to Hana Host');
  await composer.fill('Hi! Where do I park? <b>not bold</b>');
  await composer.press('Enter');
  // Shown as text, exactly as typed.
  await expect(driverThread.getByText('Hi! Where do I park? <b>not bold</b>')).toBeVisible();
  await expect(composer).toHaveValue('');

  // The host sees the unread count on the menu, opens the conversation and reads it.
  await host.goto('/');
  await expect(profileMenu(host)).toHaveAccessibleName(/, 1 unread message$/);
  await profileMenu(host).click();
  await host.getByRole('menuitem', { name: /Messages, 1 unread message/ }).click();
  const list = host.getByRole('navigation', { name: 'Conversations' });
  await expect(list.getByRole('link', { name: /Dana Driver/ })).toContainText('1 unread');
  await screenshots(host, 'messages-list');
  await list.getByRole('link', { name: /Dana Driver/ }).click();
  const hostThread = host.getByRole('region', { name: 'Conversation with Dana Driver' });
  await expect(hostThread).toContainText('Hi! Where do I park?');
  await expect(list.getByRole('link', { name: /Dana Driver/ })).not.toContainText('unread');
  // Read here, the badge goes at once.
  await expect(profileMenu(host)).toHaveAccessibleName('Profile menu for Hana Host');

  // Shift+Enter is a new line; Enter sends.
  const reply = host.getByLabel('Message to Dana Driver');
  await reply.fill('Left side of the driveway.');
  await reply.press('Shift+Enter');
  await reply.pressSequentially('Gate code 4242.');
  await reply.press('Enter');
  await expect(hostThread.locator('li').last()).toContainText(
    'Left side of the driveway.\nGate code 4242.',
  );
  await screenshots(host, 'messages-thread');

  // The driver's open page shows the reply without a reload; reading it there leaves the
  // host's own count alone.
  await expect(driverThread).toContainText('Gate code 4242.', { timeout: 15_000 });
  const hostCount = await host.evaluate(async () => {
    const response = await fetch('/api/trpc/message.unreadCount');
    return ((await response.json()) as { result: { data: number } }).result.data;
  });
  expect(hostCount).toBe(0);

  // A dropped connection: the text stays, with the error and a retry that sends it once.
  await driver.route('**/api/trpc/message.send', (route) => route.abort());
  await composer.fill('See you at six!');
  await composer.press('Enter');
  await expect(driver.getByRole('alert')).toContainText('Parkside could not be reached.');
  await expect(composer).toHaveValue('See you at six!');
  await driver.unroute('**/api/trpc/message.send');
  await driver.getByRole('button', { name: 'Retry' }).click();
  await expect(composer).toHaveValue('');
  await expect(driverThread.getByText('See you at six!')).toHaveCount(1);

  // The host cancels the booking: for 48 hours both can still follow up, and the thread says so.
  await callApi(host, 'booking.cancel', {
    bookingId: booking.id,
    reason: 'The driveway is being repaved.',
  });
  await driver.reload();
  await expect(driverThread).toContainText(
    /This booking was cancelled\. You can both still write here until \w{3}, \w{3} \d+, \d{4}/,
  );
  await composer.fill('No problem, thanks for telling me.');
  await composer.press('Enter');
  await expect(driverThread.getByText('No problem, thanks for telling me.')).toBeVisible();
  await driver.context().close();

  // An admin reads it, read-only, and the view is logged.
  const admin = await newPage(browser, baseURL);
  await signInAsAdmin(admin);
  await admin.goto('/admin/conversations');
  await admin.getByLabel('Search by e-mail or event').fill(title);
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  await admin.getByRole('link', { name: /Dana Driver and Hana Host/ }).click();
  const opened = admin.getByRole('region', {
    name: 'Conversation between Dana Driver and Hana Host',
  });
  await expect(opened).toContainText('Every view of a conversation is logged');
  await expect(opened).toContainText('Gate code 4242.');
  await expect(opened.getByRole('textbox')).toHaveCount(0);
  await expect(opened.getByRole('listitem').filter({ hasText: 'admin@example.com' })).toHaveCount(
    1,
  );
  await screenshots(admin, 'admin-conversation');
  await admin.context().close();
});
