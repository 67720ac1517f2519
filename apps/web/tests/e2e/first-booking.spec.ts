import { expect, test } from './fixtures';
import { freePort, startServer, stopServers } from './app-servers';
import { uniqueEmail, waitForEmail } from './control';
import { createFreshDatabase } from './fresh-database';
import { bookThroughApi, screenshots } from './page-api';
import { ADMIN, PASSWORD, profileMenu, register, signIn, signOut } from './session';

/**
 * A visitor's first booking survives signing up (decision 056): Book as a visitor, create an
 * account, type the code from the e-mail on the page that asked for it, and the booking page comes
 * back with the same driveway, ready to confirm.
 */
test('a visitor books, signs up, types the e-mailed code and confirms the same booking', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/events?q=byu+utah');
  await page.getByRole('link', { name: 'Find parking for BYU Cougars vs. Utah Utes' }).click();
  await page.getByRole('link', { name: 'Wide driveway on Oak Lane', exact: true }).click();
  const side = page.getByRole('complementary', { name: 'Book this driveway' });
  await side.getByRole('link', { name: /^Book · \$/ }).click();

  // Sign-in first; a new driver creates an account from there, and the booking is kept.
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fbooking-confirmation/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  const email = uniqueEmail('first-booking');
  await page.getByLabel('Name').fill('Fran First');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('I accept the terms of service').check();
  await page.getByRole('button', { name: 'Create account' }).click();

  // The guard says what was interrupted, and takes the code.
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Email Verification Required');
  await expect(main).toContainText(
    'Verify your e-mail to book Wide driveway on Oak Lane for BYU Cougars vs. Utah Utes.',
  );
  await expect(main).toContainText(`We sent a link and a 6-digit code to ${email}.`);
  await screenshots(page, 'verify-to-book');
  const mail = await waitForEmail(email, 'Verify your email for Parkside');
  const code = /Or type this code on Parkside: (\d{3} \d{3})/.exec(mail.text)?.[1];
  expect(code, mail.text).toBeDefined();
  // The link leads back to the booking too.
  expect(decodeURIComponent(mail.text)).toContain('next=/booking-confirmation?listing=');

  const field = main.getByLabel('Verification code');
  await field.fill('000 000');
  await main.getByRole('button', { name: 'Verify' }).click();
  await expect(main.getByText('That code is not right, or it has expired.')).toBeVisible();
  await field.fill(code!);
  await main.getByRole('button', { name: 'Verify' }).click();

  // Back on the same booking, verified.
  await expect(page).toHaveURL(/\/booking-confirmation\?listing=/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your email address is verified.' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Confirm your booking/);
  await expect(page.getByRole('main')).toContainText('Wide driveway on Oak Lane');
  await page.getByLabel('License plate').fill('FRN 123');
  await page.getByLabel('Vehicle').fill('Blue Honda Fit');
  await page.getByRole('button', { name: /Confirm booking/ }).click();
  await expect(page).toHaveURL(/\/booking-success/);
  await expect(page.getByRole('main')).toContainText('Wide driveway on Oak Lane');
});

test('without a mail server, the guard says no e-mail can come and whom to ask', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A production server with no SMTP_URL: every e-mail fails, and the site says so.
  const database = await createFreshDatabase();
  const port = await freePort();
  const server = await startServer({ ...database.env }, port);
  try {
    const page = await browser.newPage({ baseURL: `http://127.0.0.1:${port}` });
    await register(page, uniqueEmail('no-mail'), { redirectTo: '/register-driveway' });
    await expect(
      page.getByRole('status').filter({ hasText: 'This site cannot send e-mail yet' }),
    ).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Email Verification Required');
    await expect(main).toContainText('Verify your e-mail to list your driveway.');
    await expect(
      main.getByRole('heading', { name: 'This site cannot send e-mail yet' }),
    ).toBeVisible();
    await expect(main.getByRole('link', { name: 'Contact Parkside' })).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(main.getByLabel('Verification code')).toHaveCount(0);
    await screenshots(page, 'verify-without-mail');

    // The banner offers no resend that would never arrive, but whom to ask.
    const banner = page.getByRole('region', { name: 'Email verification' });
    await expect(banner.getByRole('button', { name: 'Resend verification email' })).toHaveCount(0);
    await expect(
      banner.getByRole('link', { name: 'No e-mail can be sent here: contact Parkside' }),
    ).toHaveAttribute('href', '/contact');

    // "Forgot password" says no link can come, instead of a form that promises one.
    await signOut(page);
    await page.goto('/forgot-password');
    await expect(
      page.getByRole('heading', { name: 'This site cannot send e-mail yet' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send reset link' })).toHaveCount(0);
    await screenshots(page, 'forgot-password-without-mail');

    // A booking's e-mails wait in the queue, and the System page says why.
    await page.goto('/login');
    await signIn(page, 'driver@example.com', 'parkside-driver');
    await expect(profileMenu(page)).toBeVisible();
    await page.goto('/events');
    await page.locator('main a[href^="/rent?event="]').first().click();
    const driveway = await page.locator('main a[href^="/rent/"]').first().getAttribute('href');
    await bookThroughApi(page, driveway!.replace(/^\/rent\/([^/?]+).*$/, '$1'), {
      licensePlate: 'NOMAIL1',
      vehicleDescription: 'Grey hatchback',
    });
    await signOut(page);
    await page.goto('/login');
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(profileMenu(page)).toBeVisible();
    await page.goto('/admin/system');
    await expect(page.getByRole('note')).toContainText(
      /No mail server is set \(SMTP_URL\), so \d+ e-mails? waits? in email\.send/,
    );
    await expect(
      page.getByRole('definition').filter({ hasText: 'another try after a failed attempt' }),
    ).toBeVisible();
    await screenshots(page, 'system-without-mail');
  } finally {
    await stopServers([server]);
    await database.drop();
  }
});
