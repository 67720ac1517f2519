import { expectClearOfFeedback } from './page-api';
import { expect, test, type Page } from './fixtures';
import { ROUTE_ACCESS, type Access } from '../../app/utils/route-access';
import { uniqueEmail } from './control';
import { header, profileMenu, signInAsAdmin, signOut, signUp, signUpVerified } from './session';

type Role = 'visitor' | 'unverified' | 'verified' | 'admin';

/** What each role sees on a route of each access kind. */
function expected(role: Role, access: Access): 'page' | 'login' | 'verify' | 'admin-only' {
  if (access === 'public') return 'page';
  if (role === 'visitor') return 'login';
  if (access === 'verified' && role === 'unverified') return 'verify';
  if (access === 'admin' && role !== 'admin') return 'admin-only';
  return 'page';
}

async function checkEveryRoute(page: Page, role: Role) {
  for (const [path, access] of Object.entries(ROUTE_ACCESS)) {
    const response = await page.goto(path);
    const outcome = expected(role, access);
    const where = `${role} on ${path}`;
    if (outcome === 'login') {
      expect(new URL(page.url()).pathname, where).toBe('/login');
      expect(new URL(page.url()).searchParams.get('redirectTo'), where).toBe(path);
    } else if (outcome === 'verify') {
      expect(response?.status(), where).toBe(403);
      await expect(page.getByRole('heading', { level: 1 }), where).toHaveText(
        'Email Verification Required',
      );
      await expect(
        page.getByText('Please verify your email address to access this feature...'),
        where,
      ).toBeVisible();
      await expect(
        page.getByRole('main').getByRole('button', { name: 'Resend verification email' }),
      ).toBeVisible();
    } else if (outcome === 'admin-only') {
      expect(response?.status(), where).toBe(403);
      await expect(page.getByRole('heading', { level: 1 }), where).toHaveText('Admins only');
    } else {
      expect(response?.status(), where).toBeLessThan(400);
      const signedIn = role !== 'visitor';
      // Pages that need a parameter send you on without one.
      const onward: Record<string, string> = {
        '/rent': '/events',
        '/booking-confirmation': '/events',
        '/booking-success': '/my-bookings',
        '/driveway-photos': '/my-listings',
        ...(signedIn ? { '/login': '/', '/register': '/' } : {}),
      };
      const landing = onward[path] ?? path;
      expect(new URL(page.url()).pathname, where).toBe(landing);
      await expect(page.getByRole('heading', { level: 1 }), where).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 }), where).not.toHaveText(
        /Something went wrong|Email Verification Required|Admins only/,
      );
    }
  }
}

test.describe('every route, with its access rule', () => {
  test.describe.configure({ timeout: 120_000 });

  test('for a visitor', async ({ page }) => {
    await checkEveryRoute(page, 'visitor');
  });

  test('for a signed-in user whose e-mail is not verified', async ({ page }) => {
    await signUp(page, uniqueEmail('unverified'));
    await checkEveryRoute(page, 'unverified');
  });

  test('for a verified user', async ({ page }) => {
    await signUpVerified(page);
    await checkEveryRoute(page, 'verified');
  });

  test('for an admin', async ({ page }) => {
    await signInAsAdmin(page);
    await checkEveryRoute(page, 'admin');
  });

  test('an unknown path lands on /', async ({ page }) => {
    await page.goto('/definitely/not/a/page');
    await expect(page).toHaveURL(/\/$/);
  });

  test('admin procedures answer 403 to a signed-in non-admin, over HTTP too', async ({ page }) => {
    await signUpVerified(page);
    // From the page, so the browser sends its session cookie.
    const statusOf = (path: string) =>
      page.evaluate((url) => fetch(url).then((r) => r.status), path);
    expect(await statusOf('/api/trpc/feedback.list')).toBe(403);
    expect(await statusOf('/api/trpc/admin.overview')).toBe(403);
  });
});

test.describe('navigation', () => {
  test('the Host link is highlighted on paths containing list, my-listings or register-driveway', async ({
    page,
  }) => {
    await signUpVerified(page);
    const host = header(page).getByRole('link', { name: 'Host' });
    for (const path of ['/list', '/my-listings', '/register-driveway', '/listing-success']) {
      await page.goto(path);
      await expect(host, path).toHaveAttribute('aria-current', 'page');
    }
    for (const path of ['/', '/events', '/account-settings', '/my-bookings']) {
      await page.goto(path);
      await expect(host, path).not.toHaveAttribute('aria-current', 'page');
    }
    await page.goto('/');
    await expect(header(page).getByRole('link', { name: 'Park' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('a visitor sees Park, Host and Sign In, and no profile menu', async ({ page }) => {
    await page.goto('/events');
    await expect(header(page).getByRole('link')).toHaveText(['Park', 'Host', 'Sign In']);
    await expect(profileMenu(page)).toHaveCount(0);
  });

  test('a user’s profile menu has the customer’s entries, and works from the keyboard', async ({
    page,
  }) => {
    await signUp(page, uniqueEmail('menu'), { name: 'Quinn Menu' });
    await profileMenu(page).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem')).toHaveText([
      'Account Settings',
      'My Listings',
      'My Bookings',
      'Messages',
      'Sign Out',
    ]);
    // Opened from the keyboard, the first entry has focus; arrows move, Enter follows.
    await expect(page.getByRole('menuitem', { name: 'Account Settings' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'My Listings' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/my-listings');
  });

  test('an admin’s menu adds Admin Panel, and admins see no Feedback button', async ({ page }) => {
    await signInAsAdmin(page);
    await profileMenu(page).click();
    await expect(page.getByRole('menuitem')).toHaveText([
      'Account Settings',
      'My Listings',
      'My Bookings',
      'Messages',
      'Admin Panel',
      'Sign Out',
    ]);
    await page.getByRole('menuitem', { name: 'Admin Panel' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Panel');
    await expect(page.getByRole('button', { name: 'Feedback', exact: true })).toHaveCount(0);
  });

  test('fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signUp(page, uniqueEmail('phone'), { name: 'A Rather Long Name Indeed' });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await profileMenu(page).click();
    await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeInViewport();
  });

  test('shows "Verifying your session..." while a guarded page loads', async ({ page }) => {
    await signUp(page, uniqueEmail('verifying'));
    // Long enough to be seen on a busy machine: the words show only while the page loads.
    await page.route('**/account-settings.data*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue();
    });
    await profileMenu(page).click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    await expect(page.getByText('Verifying your session...')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
    await expect(page.getByText('Verifying your session...')).toHaveCount(0);
  });

  test('an unexpected error shows the fallback with a Refresh Page button', async ({ page }) => {
    await page.goto('/');
    await page.route('**/events.data*', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.getByRole('link', { name: /All events/ }).click();
    await expect(page.getByRole('heading', { name: 'Something went wrong...' })).toBeVisible();
    await page.unroute('**/events.data*');
    await page.getByRole('button', { name: 'Refresh Page' }).click();
    await expect(page.getByRole('heading', { name: 'Upcoming events' })).toBeVisible();
  });
});

test.describe('toasts', () => {
  test('sit below the header on a laptop, never over its controls', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    // Where the toast is, read by the page the moment it shows (it goes after 3 s, and a busy
    // machine can take longer than that between two steps of the test).
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const toast = [...document.querySelectorAll('[role="status"]')].find((el) =>
          el.textContent?.includes('Welcome to Parkside!'),
        );
        const bar = document.querySelector('header');
        if (toast && bar && !('toastPlace' in window))
          Object.assign(window, {
            toastPlace: {
              top: toast.getBoundingClientRect().top,
              headerBottom: bar.getBoundingClientRect().bottom,
            },
          });
      }).observe(document, { childList: true, subtree: true });
    });
    await signUp(page, uniqueEmail('toast-place'));
    const place = await page
      .waitForFunction(() => (window as unknown as { toastPlace?: object }).toastPlace)
      .then((handle) => handle.jsonValue() as Promise<{ top: number; headerBottom: number }>);
    expect(place.top).toBeGreaterThanOrEqual(place.headerBottom);
    // The name menu stays usable while the toast is up.
    await profileMenu(page).click();
    await expect(page.getByRole('menuitem', { name: 'Account Settings' })).toBeVisible();
  });

  test('go by themselves after 3 seconds, or when dismissed', async ({ page }) => {
    // The page's own clock times the toast (a busy machine delays what the test sees, not what
    // the page does): when it appears and when it leaves.
    await page.addInitScript(() => {
      const times: { shown?: number; gone?: number } = {};
      Object.assign(window, { toastTimes: times });
      new MutationObserver(() => {
        const up = [...document.querySelectorAll('[role="status"]')].some((el) =>
          el.textContent?.includes('Welcome to Parkside!'),
        );
        if (up && times.shown === undefined) times.shown = performance.now();
        if (!up && times.shown !== undefined) times.gone ??= performance.now();
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await signUp(page, uniqueEmail('toast'));
    const welcome = page.getByRole('status').filter({ hasText: 'Welcome to Parkside!' });
    await expect(welcome).toBeVisible();
    await expect(welcome).toHaveCount(0, { timeout: 8_000 });
    const { shown, gone } = await page.evaluate(
      () => (window as unknown as { toastTimes: { shown: number; gone: number } }).toastTimes,
    );
    // About 3 seconds after it appears (the timer starts once the page's script runs).
    expect(gone - shown).toBeGreaterThan(2_000);
    expect(gone - shown).toBeLessThan(6_000);

    await signOut(page);
    const bye = page.getByRole('status').filter({ hasText: 'Sign out successful' });
    await expect(bye).toBeVisible();
    await bye.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(bye).toHaveCount(0);
  });
});

test('on a phone the Feedback button never covers a submit button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/register');
  await expectClearOfFeedback(page, page.getByRole('button', { name: 'Create account' }));
  await page.goto('/login');
  await expectClearOfFeedback(page, page.getByRole('button', { name: 'Sign in', exact: true }));
});

test.describe('the feedback dialog', () => {
  async function openDialog(page: Page) {
    await page.getByRole('button', { name: 'Feedback', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  test('a visitor sends feedback, with the customer’s texts and rules', async ({ page }) => {
    await page.goto('/events');
    const dialog = await openDialog(page);
    await expect(
      dialog.getByText('We value your feedback! Please let us know your thoughts or suggestions.'),
    ).toBeVisible();
    const text = dialog.getByPlaceholder('Type your feedback here...');
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();

    await text.focus();
    await text.blur();
    await expect(dialog.getByText('Feedback cannot be empty.')).toBeVisible();
    await text.fill('    ');
    await expect(submit).toBeDisabled();
    await text.fill('x'.repeat(1200));
    await expect(text).toHaveValue('x'.repeat(1000));

    await text.fill('The map should show the walking route from my spot.');
    await expect(dialog.getByText('Feedback cannot be empty.')).toHaveCount(0);
    await submit.click();
    await expect(dialog.getByText('Thank you for your feedback!')).toBeVisible();
    await expect(text).toHaveValue('');

    // The status resets when the dialog closes and opens again; Cancel clears the text.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    const again = await openDialog(page);
    await expect(again.getByText('Thank you for your feedback!')).toHaveCount(0);
    await again.getByPlaceholder('Type your feedback here...').fill('half a thought');
    await again.getByRole('button', { name: 'Cancel' }).click();
    const third = await openDialog(page);
    await expect(third.getByPlaceholder('Type your feedback here...')).toHaveValue('');
  });

  test('shows the failure text when sending fails', async ({ page }) => {
    await page.goto('/');
    await page.route('**/feedback*', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, body: 'down' })
        : route.continue(),
    );
    const dialog = await openDialog(page);
    await dialog.getByPlaceholder('Type your feedback here...').fill('Hello?');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText('Failed to send feedback. Please try again.')).toBeVisible();
  });

  test('explains a rate-limit refusal in a warning toast', async ({ page }) => {
    await page.goto('/');
    await page.route('**/feedback', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 429,
            contentType: 'application/json',
            body: JSON.stringify({ ok: false, error: 'Please try again in 9 minutes.' }),
          })
        : route.continue(),
    );
    const dialog = await openDialog(page);
    await dialog.getByPlaceholder('Type your feedback here...').fill('Again!');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText('Failed to send feedback. Please try again.')).toBeVisible();
    const warning = page.locator('[data-toast-type="warning"]');
    await expect(warning).toContainText('Please try again in 9 minutes.');
  });

  test('a signed-in user’s feedback reaches the admin with their name, and is resolved there', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('feedback');
    await signUp(page, email, { name: 'Sam Feedback' });
    const dialog = await openDialog(page);
    const note = `Loved it ${Date.now()}`;
    await dialog.getByPlaceholder('Type your feedback here...').fill(note);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText('Thank you for your feedback!')).toBeVisible();

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin);
    await admin.goto('/admin/feedback');
    const item = admin
      .getByRole('article', { name: 'Feedback from Sam Feedback' })
      .filter({ hasText: note });
    await expect(item).toContainText(email);
    await item.getByRole('button', { name: 'Mark resolved' }).click();
    await expect(item.getByText('Resolved')).toBeVisible();
    await adminContext.close();
  });

  test('the server refuses 1001 characters too', async ({ request }) => {
    const post = (feedbackText: string) =>
      request.post('/feedback', {
        form: { feedbackText },
        headers: { origin: new URL(test.info().project.use.baseURL!).origin },
      });
    const tooLong = await post('x'.repeat(1001));
    expect(tooLong.status()).toBe(400);
    expect(await tooLong.text()).toContain('Feedback must be at most 1000 characters.');
    const blank = await post('   ');
    expect(blank.status()).toBe(400);
    expect(await blank.text()).toContain('Feedback cannot be empty.');
  });
});
