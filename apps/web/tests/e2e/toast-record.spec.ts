import { expect, test } from './fixtures';
import { toastSeen } from './page-api';

/**
 * The toast record every test page keeps (fixtures.ts): a notification that came and went before
 * the check is still seen, and one that never came is not.
 */
test('a toast shown for a moment before the check is still seen; one never shown is not', async ({
  page,
}) => {
  await page.goto('/about');
  await page.evaluate(() => {
    const toast = document.createElement('li');
    toast.setAttribute('role', 'status');
    toast.textContent = 'Your changes are saved.';
    document.body.append(toast);
    setTimeout(() => toast.remove(), 20);
  });
  await expect(page.getByRole('status').filter({ hasText: 'Your changes are saved.' })).toHaveCount(
    0,
  );
  await toastSeen(page, 'Your changes are saved.', 2_000);
  await expect(toastSeen(page, 'Something that never showed.', 1_000)).rejects.toThrow(/Timeout/);
});
