import { expect, test } from './fixtures';
import { linkFrom, setMailFailing, uniqueEmail, upsertOidcAccount, waitForEmail } from './control';
import {
  continueAtProvider,
  header,
  PASSWORD,
  profileMenu,
  signIn,
  signOut,
  signUp,
} from './session';

test.describe('sign-up and e-mail verification', () => {
  test('a new driver signs up, gets the mail at the SMTP server, and its link verifies', async ({
    page,
  }) => {
    const email = uniqueEmail('new-driver');
    await signUp(page, email, { name: 'Zoë Ñúñez' });
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Welcome to Parkside!' }),
    ).toBeVisible();
    await expect(
      header(page).getByRole('button', { name: 'Profile menu for Zoë Ñúñez' }),
    ).toBeVisible();
    await expect(page.getByText('Please verify your email.')).toBeVisible();

    const mail = await waitForEmail(email, 'Verify your email for Parkside');
    expect(mail.html).toContain('Zoë Ñúñez');
    await page.goto(linkFrom(mail));
    await expect(
      page.getByRole('status').filter({ hasText: 'Your email address is verified.' }),
    ).toBeVisible();
    await expect(page.getByText('Please verify your email.')).toHaveCount(0);

    // Single use.
    await page.goto(linkFrom(mail));
    await expect(page.getByRole('alert')).toHaveText(
      'This link is invalid or has expired. Please request a new one.',
    );
  });

  test('the banner resends the verification e-mail', async ({ page }) => {
    const email = uniqueEmail('resend');
    await signUp(page, email);
    await waitForEmail(email, 'Verify your email for Parkside');
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Verification email sent! Please check your inbox.' }),
    ).toBeVisible();

    await setMailFailing(true, email);
    try {
      await page.getByRole('button', { name: 'Resend verification email' }).click();
      await expect(
        page
          .getByRole('alert')
          .filter({ hasText: 'Failed to send verification email. Please try again later.' }),
      ).toBeVisible();
    } finally {
      await setMailFailing(false, email);
    }
  });

  test('bad input gets a clear message on the form', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Enter your name.')).toBeVisible();
    await expect(page.getByText('Enter your email address.')).toBeVisible();
    await expect(
      page.getByText('Please accept the terms of service to create an account.'),
    ).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('short');
    await page.getByLabel('Password').blur();
    await expect(
      page.getByText('Enter a valid email address, like name@example.com.'),
    ).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
  });

  test('the server refuses bad input with the same messages, never a 500', async ({ request }) => {
    const post = (form: Record<string, string>) =>
      request.post('/register', {
        form,
        headers: { origin: new URL(test.info().project.use.baseURL!).origin },
        maxRedirects: 0,
      });
    const oversized = await post({
      name: 'x'.repeat(5000),
      email: `${'a'.repeat(400)}@example.com`,
      password: 'y'.repeat(500),
      terms: 'on',
    });
    expect(oversized.status()).toBe(400);
    const html = await oversized.text();
    expect(html).toContain('Name must be at most 80 characters.');
    expect(html).toContain('That email address is too long.');
    expect(html).toContain('Password must be at most 128 characters.');
    const missing = await post({});
    expect(missing.status()).toBe(400);
    expect(await missing.text()).toContain('Enter your name.');
  });
});

test.describe('sign-in', () => {
  test('an e-mail with no account fails with the spec text and stays signed out', async ({
    page,
  }) => {
    await page.goto('/login');
    await signIn(page, uniqueEmail('nobody'));
    await expect(page.getByRole('alert')).toHaveText(
      'User account not found. Please try signing up first.',
    );
    await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('a wrong password fails clearly and signs the user out', async ({ page }) => {
    const email = uniqueEmail('wrong-pass');
    await signUp(page, email);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/); // a signed-in visitor of /login goes home
    await page.context().clearCookies();
    await page.goto('/login');
    await signIn(page, email, 'not my password');
    await expect(page.getByRole('alert')).toHaveText(
      'Incorrect email or password. Please try again.',
    );
    await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('the return path, with its query, survives the round trip', async ({ page }) => {
    const email = uniqueEmail('return');
    await signUp(page, email);
    await signOut(page);
    await expect(page.getByRole('status').filter({ hasText: 'Sign out successful' })).toBeVisible();

    await page.goto('/account-settings?section=password');
    await expect(page).toHaveURL('/login?redirectTo=%2Faccount-settings%3Fsection%3Dpassword');
    await signIn(page, email);
    await expect(page).toHaveURL('/account-settings?section=password');
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  });

  test('a return path in any script signs in and arrives there', async ({ page }) => {
    const email = uniqueEmail('return-unicode');
    await signUp(page, email);
    await signOut(page);
    await page.goto(`/login?redirectTo=${encodeURIComponent('/events?q=日本')}`);
    await signIn(page, email);
    await expect(page).toHaveURL('/events?q=%E6%97%A5%E6%9C%AC');
    await expect(profileMenu(page)).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Event, venue or city' })).toHaveValue('日本');
  });

  test('/signup and /sign-up lead to the sign-up page, with the return path', async ({ page }) => {
    for (const path of ['/signup', '/sign-up']) {
      await page.goto(`${path}?redirectTo=%2Fevents`);
      await expect(page).toHaveURL('/register?redirectTo=%2Fevents');
      await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
    }
  });

  test('sign-up keeps the return path too', async ({ page }) => {
    await signUp(page, uniqueEmail('return-signup'), { redirectTo: '/events?q=provo' });
    await expect(page).toHaveURL('/events?q=provo');
  });
});

test.describe('social login through the local OpenID provider', () => {
  test('creates a new user, then syncs emailVerified from the provider on the next login', async ({
    page,
  }) => {
    const email = uniqueEmail('social');
    await upsertOidcAccount({
      sub: `sub-${email}`,
      email,
      email_verified: true,
      name: 'Riley Social',
    });

    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Parkside test login' }).click();
    await expect(
      page.getByRole('heading', { name: 'Sign in to the local test provider' }),
    ).toBeVisible();
    await continueAtProvider(page, email);
    await expect(
      page.getByRole('status').filter({ hasText: 'Signed in with Parkside test login.' }),
    ).toBeVisible();
    await expect(
      header(page).getByRole('button', { name: 'Profile menu for Riley Social' }),
    ).toBeVisible();
    await expect(page.getByText('Please verify your email.')).toHaveCount(0);

    // The provider now says the address is not verified: the stored flag follows.
    await upsertOidcAccount({
      sub: `sub-${email}`,
      email,
      email_verified: false,
      name: 'Riley Social',
    });
    await signOut(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Parkside test login' }).click();
    await continueAtProvider(page, email);
    await expect(
      header(page).getByRole('button', { name: 'Profile menu for Riley Social' }),
    ).toBeVisible();
    await expect(page.getByText('Please verify your email.')).toBeVisible();
  });
});

test.describe('password reset', () => {
  test('an e-mailed link sets a new password and ends the other sessions', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('reset');
    await signUp(page, email);
    const otherDevice = await browser.newContext();
    const other = await otherDevice.newPage();
    await other.goto('/login');
    await signIn(other, email);
    await expect(profileMenu(other)).toBeVisible();

    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'If an account exists for' }),
    ).toBeVisible();

    // The same answer for an address without an account.
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(uniqueEmail('ghost'));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'If an account exists for' }),
    ).toBeVisible();

    const mail = await waitForEmail(email, 'Reset your Parkside password');
    await page.goto(linkFrom(mail));
    await page.getByLabel('New password', { exact: true }).fill('a whole new secret');
    await page.getByLabel('Repeat the new password').fill('a whole new secret');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your password has been changed.' }),
    ).toBeVisible();
    await expect(profileMenu(page)).toBeVisible();

    await other.reload();
    await expect(header(other).getByRole('link', { name: 'Sign In' })).toBeVisible();
    await otherDevice.close();

    await page.context().clearCookies();
    await page.goto('/login');
    await signIn(page, email);
    await expect(page.getByRole('alert')).toHaveText(
      'Incorrect email or password. Please try again.',
    );
    await signIn(page, email, 'a whole new secret');
    await expect(profileMenu(page)).toBeVisible();
  });
});

test.describe('account settings', () => {
  test('a visitor is sent to sign in; a user edits the profile and becomes a host', async ({
    page,
  }) => {
    await page.goto('/account-settings');
    await expect(page).toHaveURL('/login?redirectTo=%2Faccount-settings');
    await signUp(page, uniqueEmail('settings'));
    await page.goto('/account-settings');
    await page.getByLabel('Name').fill('Morgan Host');
    await page.getByLabel('Phone number').fill('(503) 555-0199');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your profile is saved.' }),
    ).toBeVisible();
    await expect(
      header(page).getByRole('button', { name: 'Profile menu for Morgan Host' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Become a host' }).click();
    await expect(page.getByText('You are a host')).toBeVisible();
  });

  test('links a social login, then signs in with it', async ({ page }) => {
    const email = uniqueEmail('link');
    await signUp(page, email, { name: 'Taylor Link' });
    await upsertOidcAccount({
      sub: `sub-${email}`,
      email,
      email_verified: true,
      name: 'Taylor at the provider',
    });
    await page.goto('/account-settings');
    await page.getByRole('button', { name: 'Link Parkside test login' }).click();
    await continueAtProvider(page, email);
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Parkside test login is now linked to your account.' }),
    ).toBeVisible();
    await expect(page.getByText(`Linked as ${email}`)).toBeVisible();
    await signOut(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Parkside test login' }).click();
    await continueAtProvider(page, email);
    // The same account, not a new one.
    await expect(
      header(page).getByRole('button', { name: 'Profile menu for Taylor Link' }),
    ).toBeVisible();
  });

  test('changes the password with the current one only', async ({ page }) => {
    const email = uniqueEmail('change');
    await signUp(page, email);
    await page.goto('/account-settings');
    await page.getByLabel('Current password').fill('not the password');
    await page.getByLabel('New password', { exact: true }).fill('brand new secret');
    await page.getByLabel('Repeat the new password').fill('brand new secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Your current password is incorrect.' }),
    ).toBeVisible();

    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('brand new secret');
    await page.getByLabel('Repeat the new password').fill('brand new secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your password is changed.' }),
    ).toBeVisible();
    await waitForEmail(email, 'Your Parkside password was changed');
  });

  test('deleting the account needs the word DELETE and signs out', async ({ page }) => {
    const email = uniqueEmail('delete');
    await signUp(page, email);
    await page.goto('/account-settings');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText('Type DELETE to confirm.')).toBeVisible();
    await page.getByLabel('Type DELETE to confirm').fill('DELETE');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your account has been deleted.' }),
    ).toBeVisible();
    await page.goto('/login');
    await signIn(page, email);
    await expect(page.getByRole('alert')).toHaveText(
      'User account not found. Please try signing up first.',
    );
  });
});

test('a cross-origin POST answers 403', async ({ request }) => {
  const response = await request.post('/login', {
    form: { email: 'a@example.com', password: 'whatever1' },
    headers: { origin: 'https://evil.example' },
  });
  expect(response.status()).toBe(403);
  const noOrigin = await request.post('/logout', { headers: { origin: '' } });
  expect(noOrigin.status()).toBe(403);
});
