import { expect, type Browser } from '@playwright/test';
import { newPage } from './page-api';
import { signInAsAdmin } from './session';

/**
 * Listing review: an admin, in a browser of their own, approves the listings of the driveway
 * `title` waiting on /admin/listings (a new host's first listings wait there).
 */
export async function approveListings(
  browser: Browser,
  baseURL: string | undefined,
  title: string,
  count = 1,
) {
  const admin = await newPage(browser, baseURL);
  await signInAsAdmin(admin);
  await admin.goto('/admin/listings');
  const waiting = admin.getByRole('article', { name: new RegExp(`^${title} for `) });
  await expect(waiting).toHaveCount(count);
  for (let i = 0; i < count; i++) {
    await waiting.first().getByRole('button', { name: 'Approve' }).click();
    await expect(
      admin.getByRole('status').filter({ hasText: 'Approved: drivers can book it now.' }).last(),
    ).toBeVisible();
    await expect(waiting).toHaveCount(count - i - 1);
  }
  await admin.context().close();
}
