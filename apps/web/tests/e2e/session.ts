import { recordToasts } from './fixtures';
import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { linkFrom, uniqueEmail, waitForEmail } from './control';

export const PASSWORD = 'correct horse battery';
export const ADMIN = { email: 'admin@example.com', password: 'parkside-admin' };

export const header = (page: Page) => page.getByRole('navigation', { name: 'Main' });
export const profileMenu = (page: Page) =>
  header(page).getByRole('button', { name: /^Profile menu for / });

/** Fills and sends the sign-up form (does not wait for the result). */
export async function register(
  page: Page,
  email: string,
  { name = 'Jordan Rivers', redirectTo = '' } = {},
) {
  await page.goto(redirectTo ? `/register?${new URLSearchParams({ redirectTo })}` : '/register');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('I accept the terms of service').check();
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Signs up and waits until the new (unverified) user is signed in. */
export async function signUp(
  page: Page,
  email: string,
  options?: { name?: string; redirectTo?: string },
) {
  await register(page, email, options);
  await expect(profileMenu(page)).toBeVisible();
}

/** Fills and sends the sign-in form on the current /login page. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function signOut(page: Page) {
  await profileMenu(page).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
}

/** A new user with a verified e-mail, signed in. */
export async function signUpVerified(page: Page, name = 'Vera Verified') {
  const email = uniqueEmail('verified');
  await signUp(page, email, { name });
  await page.goto(linkFrom(await waitForEmail(email, 'Verify your email for Parkside')));
  await expect(page.getByText('Please verify your email.')).toHaveCount(0);
  return email;
}

export async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(profileMenu(page)).toBeVisible();
}

/** From /login or account settings: through the local OpenID provider's own sign-in page. */
export async function continueAtProvider(page: Page, email: string) {
  await expect(
    page.getByRole('heading', { name: 'Sign in to the local test provider' }),
  ).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/** Another person, signed in on the server at `base`, in a browser context of their own. */
export async function signedInPage(
  browser: Browser,
  base: string,
  email: string,
  password: string,
  options: BrowserContextOptions = {},
) {
  const context = await browser.newContext({ baseURL: base, ...options });
  await recordToasts(context);
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, email, password);
  await expect(profileMenu(page)).toBeVisible();
  return page;
}

/** A phone's screen, as the game-day tests hold one. */
export const PHONE = { width: 390, height: 844 };

/** Another person on a phone (390 px, touch), signed in on the server at `base`. */
export const signedInPhone = (browser: Browser, base: string, email: string, password: string) =>
  signedInPage(browser, base, email, password, { viewport: PHONE, hasTouch: true });
