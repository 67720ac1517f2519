import { expect, test, type Page } from '@playwright/test';
import { fakeExecutable, noisyPng } from './images';
import { signIn, signInAsAdmin, signUpVerified } from './session';

const HOST = { email: 'host@example.com', password: 'parkside-host' };
const OAK_LANE = 'Wide driveway on Oak Lane';

/** Screenshots for review when SCREENSHOTS_DIR is set (phone and laptop widths). */
async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  for (const [label, width] of [
    ['phone', 390],
    ['laptop', 1366],
  ] as const) {
    await page.setViewportSize({ width, height: label === 'phone' ? 844 : 900 });
    await page.screenshot({ path: `${dir}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('a host uploads a driveway photo with a progress bar and drivers see it on the listing', async ({
  page,
}) => {
  await page.goto('/login?redirectTo=/driveway-photos');
  await signIn(page, HOST.email, HOST.password);
  await expect(page.getByRole('heading', { name: 'Driveway photos', level: 1 })).toBeVisible();
  const section = page.getByRole('region', { name: OAK_LANE });
  await expect(section.getByText('No photos yet.')).toBeVisible();

  // A slow uplink (about 300 KB/s), so the progress is there to be seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: 5_000_000,
    uploadThroughput: 300_000,
  });

  await section.getByLabel(`Add a photo of ${OAK_LANE}`).setInputFiles({
    name: 'driveway.png',
    mimeType: 'image/png',
    buffer: noisyPng(400, 400),
  });
  const progress = section.getByRole('progressbar', { name: 'Upload progress' });
  await expect(progress).toBeVisible();
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 10_000 })
    .toBeGreaterThan(0);
  await expect(section.getByText(/Uploading… \d+%/)).toBeVisible();
  await screenshot(page, 'driveway-photos-uploading');
  await expect(section.getByText('Upload complete.')).toBeVisible({ timeout: 15_000 });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  await expect(page.getByText('Photo added. Drivers see it on your listings.')).toBeVisible();
  const photo = section.getByRole('img', { name: `${OAK_LANE}, view 1` });
  await expect(photo).toBeVisible();
  await screenshot(page, 'driveway-photos');

  // The listing on /rent shows the photo, loaded from its download URL.
  await page.goto('/events?q=stadium+of+fire');
  await page.getByRole('link', { name: 'Find parking for Stadium of Fire' }).click();
  const card = page.getByRole('article', { name: OAK_LANE });
  const listed = card.getByRole('img', { name: /^The driveway at / });
  await expect(listed).toBeVisible();
  await expect
    .poll(() => listed.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(400);
  expect(await listed.getAttribute('src')).toMatch(
    /^\/v0\/b\/[^/]+\/o\/driveways%2F.+\?alt=media&token=/,
  );
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'rent-with-photo');
});

test('profile image: refuses a 6 MB image and a renamed program with clear messages, saves a good one', async ({
  page,
}) => {
  await signUpVerified(page, 'Paula Picture');
  await page.goto('/account-settings');
  const upload = page.getByLabel('Choose a new profile image');

  await upload.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: noisyPng(1200, 1700),
  });
  await expect(page.getByRole('alert')).toHaveText('Images must be 5 MB or smaller.');

  await upload.setInputFiles({
    name: 'holiday.png',
    mimeType: 'image/png',
    buffer: fakeExecutable(),
  });
  await expect(page.getByRole('alert')).toHaveText(
    'Only JPEG, PNG or WebP images can be uploaded.',
  );
  await screenshot(page, 'account-settings-refused');

  await upload.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: noisyPng(200, 200) });
  await expect(page.getByText('Your profile image is saved.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your profile image' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('img', { name: 'Your profile image' })).toHaveAttribute(
    'src',
    /\/v0\/b\/[^/]+\/o\/users%2F/,
  );
  await expect(page.getByRole('button', { name: 'Remove profile image' })).toBeVisible();
  await screenshot(page, 'account-settings');
});

test('storage metrics and API tokens are for admins; others get 403 from the server', async ({
  page,
}) => {
  await page.goto('/login');
  await signIn(page, 'driver@example.com', 'parkside-driver');
  await expect(page.getByRole('button', { name: /^Profile menu for / })).toBeVisible();
  expect((await page.goto('/storage-metrics'))?.status()).toBe(403);
  expect((await page.goto('/admin/api-tokens'))?.status()).toBe(403);
  await page.context().clearCookies();

  await signInAsAdmin(page);
  await page.goto('/storage-metrics');
  await expect(page.getByRole('heading', { name: 'Storage metrics', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'By area' })).toContainText('Driveway photos');
  await expect(page.getByRole('region', { name: 'Quota use' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Largest files' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Uploads in the last 30 days' })).toBeVisible();
  await screenshot(page, 'storage-metrics');

  await page.goto('/admin');
  await page.getByRole('link', { name: /API tokens/ }).click();
  await page.getByLabel('Name').fill('Photo importer');
  await page.getByLabel('Scope').selectOption('storage:write');
  await page.getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByRole('status').filter({ hasText: 'shown only once' });
  await expect(shown).toContainText(/pk_[\w-]{20,}/);
  await screenshot(page, 'api-tokens');
  await page.getByRole('button', { name: 'Revoke Photo importer' }).first().click();
  await expect(page.getByText('The token is revoked.')).toBeVisible();
  await expect(page.getByText('Revoked').first()).toBeVisible();
});
