import { bookAsDemoDriver, listShadyDriveway } from './review';
import { expect, test, type Page } from './fixtures';
import { uniqueEmail, waitForEmail } from './control';
import { eventRequest } from './event-form';
import { callApi, newPage, screenshots } from './page-api';
import { header, profileMenu, signInAsAdmin, signUp, signUpVerified } from './session';

const status = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text });

test('an admin finds a user, makes a new e-mail an admin, and that person signs up as one', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await signInAsAdmin(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Panel');
  await expect(page.getByRole('figure', { name: /Bookings per day/ })).toBeVisible();
  // What waits for an admin, each line a link to where it is done; the demo data has nothing.
  const toDo = page.getByRole('region', { name: 'To do' });
  await expect(
    toDo.getByText('Nothing waits for you.').or(toDo.getByRole('link').first()),
  ).toBeVisible();
  // No payment keys here: no card rows in the money table.
  await expect(page.getByRole('rowheader', { name: /Paid by card/ })).toHaveCount(0);
  await expect(page.getByRole('rowheader', { name: /Due on arrival/ })).toBeVisible();
  await screenshots(page, 'admin-overview');

  // Find a user by e-mail and open their page.
  await page.getByRole('navigation', { name: 'Admin sections' }).getByText('Users').click();
  await page.getByLabel('Search by e-mail or name').fill('DRIVER@example');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=DRIVER/);
  await page.getByRole('link', { name: /Dana Driver/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Dana Driver');
  await expect(page.getByText('E-mail and password')).toBeVisible();
  await screenshots(page, 'admin-user');

  // Grant admin to an e-mail nobody has signed up with.
  const email = uniqueEmail('new-admin');
  await page.goto('/admin/users');
  await page.getByLabel('E-mail to make an admin').fill(email);
  await page.getByRole('button', { name: 'Grant admin' }).click();
  await expect(status(page, `${email} is now an admin.`)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: email })).toContainText(
    'No account yet',
  );
  await screenshots(page, 'admin-users');

  // They sign up, and the Admin Panel is theirs.
  const newcomer = await newPage(browser, baseURL);
  await signUp(newcomer, email, { name: 'Nia Newadmin' });
  await profileMenu(newcomer).click();
  await expect(newcomer.getByRole('menuitem', { name: 'Admin Panel' })).toBeVisible();
  await newcomer.keyboard.press('Escape');
  await newcomer.goto('/admin/users');
  await expect(newcomer.getByRole('heading', { level: 1 })).toHaveText('Users');

  // Revoked, their next page refuses them.
  await page.reload();
  await page.getByRole('button', { name: `Revoke admin from ${email}` }).click();
  await expect(status(page, `${email} is no longer an admin.`)).toBeVisible();
  await newcomer.goto('/admin/users');
  await expect(newcomer.getByRole('heading', { name: 'Admins only' })).toBeVisible();
  await profileMenu(newcomer).click();
  await expect(newcomer.getByRole('menuitem', { name: 'Admin Panel' })).toHaveCount(0);
  await newcomer.context().close();

  // Both are on the record.
  await page.goto(`/admin/audit?target=${encodeURIComponent(email)}`);
  const log = page.getByRole('listitem');
  await expect(log.filter({ hasText: `revoked admin from ${email}` })).toBeVisible();
  await expect(log.filter({ hasText: `granted admin to ${email}` })).toBeVisible();
  await expect(log.filter({ hasText: `revoked admin from ${email}` })).toContainText(
    /admin@example\.com revoked admin from .* from 127\.0\.0\.1 · signed in/,
  );
  await screenshots(page, 'admin-audit');
});

test('an admin cancels an event from its page and sees the refunds and the audit rows', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  // A host's event with a driveway, and the demo driver's booking on it.
  await signUpVerified(page, 'Hana Host');
  const title = `Orem Owl Night ${Date.now().toString(36)}`;
  const created = await callApi(page, 'event.create', eventRequest(title, 40));
  expect(created.status).toBe(200);
  const eventId = created.body.result.data.id as string;
  const listingId = await listShadyDriveway(page, browser, baseURL, eventId);
  const { driver } = await bookAsDemoDriver(browser, baseURL, listingId, {
    licensePlate: 'UT 0WLS',
    vehicleDescription: 'Green Toyota Tacoma',
  });

  // The admin finds the event, sees the booking and what cancelling would do.
  const admin = await newPage(browser, baseURL);
  await signInAsAdmin(admin);
  await admin.goto('/admin/events');
  await admin.getByLabel('Search by title, venue or city').fill(title);
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  await admin.getByRole('link', { name: new RegExp(title) }).click();
  await expect(admin.getByRole('heading', { level: 1 })).toContainText(title);
  const bookingRow = admin.getByRole('row').filter({ hasText: 'UT 0WLS' });
  await expect(bookingRow).toContainText('Dana Driver');
  await expect(bookingRow).toContainText('Green Toyota Tacoma');
  await expect(bookingRow).toContainText('Confirmed');
  // Paid on arrival (no Stripe here): cancelling gives nothing back because nothing was charged.
  await expect(
    admin.getByText(
      'Cancelling cancels 1 booking; they are paid on arrival, so nothing was charged.',
    ),
  ).toBeVisible();
  await screenshots(admin, 'admin-event');

  await admin.getByRole('button', { name: 'Cancel event' }).click();
  const dialog = admin.getByRole('dialog', { name: `Cancel ${title}?` });
  await expect(dialog).toContainText(
    '1 booking will be cancelled and every driver and host e-mailed; nothing was charged, so nobody pays.',
  );
  await expect(dialog).not.toContainText(/refund|card/);
  await dialog.getByLabel('Reason, shown to drivers').fill('The park floods tonight.');
  await dialog.getByRole('button', { name: 'Cancel event' }).click();
  await expect(status(admin, `${title} is cancelled.`)).toContainText(
    '1 booking was cancelled; nothing had been charged.',
  );
  await expect(bookingRow).toContainText('Cancelled by event');
  await expect(bookingRow).not.toContainText('refunded');
  const actions = admin.getByRole('region', { name: 'Admin actions on this event' });
  await expect(actions.getByRole('listitem')).toHaveCount(1);
  await expect(actions).toContainText(`admin@example.com cancelled the event ${title}`);
  await expect(actions).toContainText('bookings cancelled: 1');
  await expect(actions).toContainText('reason: The park floods tonight.');
  await waitForEmail('driver@example.com', `Cancelled: your parking for ${title}`);

  // Archive and bring it back, each on the record.
  await admin.getByRole('button', { name: 'Archive' }).click();
  await expect(status(admin, `${title} is archived.`)).toBeVisible();
  await admin.getByRole('button', { name: 'Unarchive' }).click();
  await expect(status(admin, 'is back on Registered events')).toBeVisible();
  await expect(actions.getByRole('listitem')).toHaveCount(3);
  await screenshots(admin, 'admin-event-cancelled');

  // The driver sees the booking cancelled.
  await driver.goto('/my-bookings');
  await expect(driver.getByText(title).first()).toBeVisible();
  await driver.context().close();
  await admin.context().close();
});

test('everyone but an admin is refused every admin page and procedure', async ({ page }) => {
  await signUpVerified(page, 'Rita Regular');
  for (const path of ['/admin', '/admin/users', '/admin/events', '/admin/audit']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
  }
  await expect(header(page).getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
  for (const procedure of ['admin.users', 'admin.events', 'admin.audit', 'admin.overview']) {
    const answer = await page.evaluate(
      async (path) => (await fetch(`/api/trpc/${path}`)).status,
      procedure,
    );
    expect(answer).toBe(403);
  }
  const grant = await callApi(page, 'admin.grantAdmin', { email: 'me@example.com' });
  expect(grant.status).toBe(403);
});

test('a record that does not exist is "Not found" inside the site, still signed in', async ({
  page,
}) => {
  await signInAsAdmin(page);
  for (const path of [
    '/admin/users/nobody-has-this-id',
    '/admin/events/00000000-0000-4000-8000-000000000000',
    '/admin/events/not-an-id',
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not found');
    // The page's own error boundary: the site's frame stays, with the admin's menu.
    await expect(profileMenu(page)).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Park' })).toBeVisible();
  }
});
