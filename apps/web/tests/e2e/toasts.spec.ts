import { expect, test } from './fixtures';
import { signIn } from './session';

test('nothing on the page moves when a toast goes by itself, and the next page starts without its room', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/login?redirectTo=/my-bookings');
  await signIn(page, 'driver@example.com', 'parkside-driver');
  const welcome = page.getByRole('status').filter({ hasText: 'Welcome back!' });
  await expect(welcome).toBeVisible();
  const heading = page.getByRole('heading', { name: 'My Bookings', level: 1 });
  const top = async () => (await heading.boundingBox())!.y;
  const withToast = await top();

  // The toast goes after three seconds; the heading (and every button under it) stays put.
  await expect(welcome).toHaveCount(0, { timeout: 10_000 });
  expect(await top()).toBe(withToast);

  // Another page, and back within the browser: no toast, and no empty room for one either.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Park' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  await expect(heading).toBeVisible();
  expect(await top()).toBeLessThan(withToast);
});
