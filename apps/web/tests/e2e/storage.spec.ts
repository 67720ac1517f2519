import { approveListings } from './review';
import { openDriveway, screenshots, toastSeen } from './page-api';
import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures';
import { fakeExecutable, noisyPng } from './images';
import { fillEvent } from './event-form';
import { blockMapTiles } from './map-tiles';
import { signIn, signInAsAdmin, signUpVerified } from './session';
import { fillDrivewayInOrem } from './driveway-form';

/** A program named like a photo: refused for what its bytes are, whatever its name says. */
const executableCalledPng = {
  name: 'holiday.png',
  mimeType: 'image/png',
  buffer: fakeExecutable(),
};

const HOST = { email: 'host@example.com', password: 'parkside-host' };
const OAK_LANE = 'Wide driveway on Oak Lane';

/** Slows the page's uplink (300 KB/s unless told) so an upload's progress is there to be seen. */
async function slowUplink(page: Page, bytesPerSecond = 300_000) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: 5_000_000,
    uploadThroughput: bytesPerSecond,
  });
  return () =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
}

/** An image that loaded from one of our download URLs, `width` pixels wide. */
async function expectLoaded(image: Locator, width: number, folder: RegExp) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(width);
  expect(await image.getAttribute('src')).toMatch(
    new RegExp(`^/v0/b/[^/]+/o/${folder.source}.+\\?alt=media&token=`),
  );
}

async function eventId(request: APIRequestContext, slug: string): Promise<string> {
  const input = encodeURIComponent(JSON.stringify({ slug }));
  const response = await request.get(`/api/trpc/event.bySlug?input=${input}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { result: { data: { id: string } } }).result.data.id;
}

/** A driver's way to the Oak Lane driveway's page: the event search, the event, its card. */
async function openOakLaneAsDriver(page: Page) {
  await page.goto('/events?q=stadium+of+fire');
  await page.getByRole('link', { name: 'Find parking for Stadium of Fire' }).click();
  await page
    .getByRole('article', { name: OAK_LANE })
    .getByRole('link', { name: OAK_LANE, exact: true })
    .click();
}

test('a host adds a driveway photo on My Listings with a progress bar, drivers see it, and the host removes it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/login?redirectTo=/driveway-photos');
  await signIn(page, HOST.email, HOST.password);
  // The old address leads to the photos' home: each driveway on My Listings.
  await expect(page).toHaveURL(/\/my-listings$/);
  await expect(page.getByRole('heading', { name: 'My Listings', level: 1 })).toBeVisible();
  const section = await openDriveway(page, OAK_LANE);
  // The demo driveway comes with the photos the seed drew for it.
  const photos = section.getByRole('img', { name: new RegExp(`^${OAK_LANE}, view \\d+$`) });
  await expect(photos.first()).toBeVisible();
  const before = await photos.count();
  expect(before).toBeGreaterThanOrEqual(2);

  // About five seconds for this photo, so a busy machine still sees it part-way.
  const fastAgain = await slowUplink(page, 100_000);
  const photoAdded = toastSeen(page, 'Photo added.');
  await section.getByLabel(`Add a photo of ${OAK_LANE}`).setInputFiles({
    name: 'driveway.png',
    mimeType: 'image/png',
    buffer: noisyPng(400, 400),
  });
  const progress = section.getByRole('progressbar', { name: 'Upload progress' });
  await expect(progress).toBeVisible();
  // Part-way: the bar and the words move together.
  await expect(section.getByText(/Uploading… [1-9]\d?%/)).toBeVisible({ timeout: 10_000 });
  await screenshots(page, 'my-listings-uploading');
  await expect(section.getByText('Upload complete.')).toBeVisible({ timeout: 15_000 });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await fastAgain();

  await photoAdded;
  const added = section.getByRole('img', { name: `${OAK_LANE}, view ${before + 1}` });
  await expectLoaded(added, 400, /driveways%2F/);
  await section.scrollIntoViewIfNeeded();
  await screenshots(page, 'my-listings-photos');

  // Drivers see it on the driveway's page, loaded from its download URL.
  await openOakLaneAsDriver(page);
  const gallery = page.getByRole('list', { name: `Photos of ${OAK_LANE}` });
  await expect(gallery.getByRole('img')).toHaveCount(before + 1);
  const shown = gallery.getByRole('img', {
    name: `${OAK_LANE}, view ${before + 1} of ${before + 1}`,
  });
  await shown.scrollIntoViewIfNeeded();
  await expectLoaded(shown, 400, /driveways%2F/);
  await screenshots(page, 'driveway-page-with-photo');

  // Taken off again: My Listings and the driveway's page no longer show it.
  await page.goto('/my-listings');
  await openDriveway(page, OAK_LANE);
  await section.getByRole('button', { name: `Remove photo ${before + 1} of ${OAK_LANE}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Photo removed.' })).toBeVisible();
  await expect(added).toHaveCount(0);
  await expect(photos).toHaveCount(before);
  await openOakLaneAsDriver(page);
  await expect(gallery.getByRole('img')).toHaveCount(before);
});

/** Saves the event being edited, then searches /events for it. */
async function saveAndFindOnEvents(page: Page, title: string) {
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your changes are saved.' }),
  ).toBeVisible();
  await page.goto(`/events?q=${encodeURIComponent(title)}`);
}

test('a new host adds photos while listing a driveway; one that cannot be attached costs nothing else', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const event = await eventId(request, 'utah-valley-marathon');
  const title = `Sunny driveway ${Date.now()}`;
  await blockMapTiles(page);
  await signUpVerified(page, 'Pia Photos');
  await page.goto(`/register-driveway?event=${event}`);
  await fillDrivewayInOrem(page, title, '2');

  const photos = page.getByRole('region', { name: 'Photos' });
  const upload = photos.getByLabel('Add a photo of your driveway');
  await upload.setInputFiles({
    name: 'front.png',
    mimeType: 'image/png',
    buffer: noisyPng(320, 240),
  });
  await expect(photos.getByText('Upload complete.')).toBeVisible({ timeout: 15_000 });
  await expectLoaded(photos.getByRole('img', { name: 'Your driveway, view 1' }), 320, /users%2F/);
  await upload.setInputFiles({
    name: 'side.png',
    mimeType: 'image/png',
    buffer: noisyPng(200, 150),
  });
  await expect(photos.getByRole('img', { name: 'Your driveway, view 2' })).toBeVisible();
  // Changed their mind about the second one.
  await photos.getByRole('button', { name: 'Remove photo 2' }).click();
  await expect(photos.getByRole('img')).toHaveCount(1);
  // A refused file is explained, and the photo already added stays.
  await upload.setInputFiles(executableCalledPng);
  await expect(photos.getByRole('alert')).toHaveText(
    'Only JPEG, PNG or WebP images can be uploaded.',
  );
  await expect(photos.getByRole('img', { name: 'Your driveway, view 1' })).toBeVisible();
  await photos.scrollIntoViewIfNeeded();
  await screenshots(page, 'register-driveway-photos');

  // A photo whose upload is gone (or never was) cannot be attached; the listing is saved anyway.
  await page.locator('form#register-driveway').evaluate((form) => {
    const stale = document.createElement('input');
    stale.type = 'hidden';
    stale.name = 'photos';
    stale.value = '/v0/b/parkside/o/users%2Fsomeone%2Fgone.png?alt=media&token=expired';
    form.append(stale);
  });
  await page.getByRole('button', { name: 'List my driveway' }).click();
  await expect(page).toHaveURL(/\/listing-success\?listing=/);
  const toast = page
    .getByRole('status')
    .filter({ hasText: 'Your driveway is saved and in review.' });
  await expect(toast).toContainText('One photo could not be added. Add it again from My Listings.');
  await approveListings(browser, baseURL, title);

  await page.goto(`/rent?event=${event}`);
  const card = page.getByRole('article', { name: title });
  // Moved under the driveway when attached: it counts as a driveway photo, not a profile image.
  await expectLoaded(card.locator('img').first(), 320, /driveways%2F/);
  await page.goto('/my-listings');
  const mine = page.getByRole('region', { name: title });
  await expect(mine.getByRole('img', { name: `${title}, view 1` })).toBeVisible();
  await expect(mine.getByRole('img', { name: `${title}, view 2` })).toHaveCount(0);
});

test('an organiser adds an event image while registering it, replaces it when editing, and /events shows it', async ({
  page,
}) => {
  // Two uploads, each drawn and stored: beside a second suite this took over a minute.
  test.setTimeout(150_000);
  const title = `Lantern Walk ${Date.now().toString(36)}`;
  await signUpVerified(page, 'Omar Organiser');
  await page.goto('/register-event');
  await fillEvent(page, title, { timeZone: 'America/Denver' });

  const image = page.getByLabel('Event image (optional)');
  const fastAgain = await slowUplink(page);
  await image.setInputFiles({
    name: 'poster.png',
    mimeType: 'image/png',
    buffer: noisyPng(480, 270),
  });
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(page.getByText('Upload complete.')).toBeVisible({ timeout: 15_000 });
  await fastAgain();
  await expect(page.getByRole('img', { name: 'Event image' })).toBeVisible();
  await image.scrollIntoViewIfNeeded();
  await screenshots(page, 'register-event-image');
  await page.getByRole('button', { name: 'Register event' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your event is registered.' }),
  ).toBeVisible();

  await page.goto(`/events?q=${encodeURIComponent(title)}`);
  const card = page.getByRole('article', { name: title });
  // Moved under the event when it was saved.
  await expectLoaded(card.locator('img'), 480, /events%2F/);

  // Editing shows the image; a new one (stored with the event) replaces it.
  await page.goto('/registered-events');
  await page.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit event');
  await expectLoaded(page.getByRole('img', { name: 'Event image' }), 480, /events%2F/);
  await image.setInputFiles({ name: 'new.png', mimeType: 'image/png', buffer: noisyPng(400, 300) });
  await expect(page.getByText('Upload complete.')).toBeVisible({ timeout: 15_000 });
  await saveAndFindOnEvents(page, title);
  await expectLoaded(card.locator('img'), 400, /events%2F/);
  await card.getByRole('link', { name: /Find parking/ }).click();
  await expectLoaded(page.getByRole('main').locator('header img'), 400, /events%2F/);

  // Saved again without touching it, the image stays; removed, the card falls back.
  await page.goto('/registered-events');
  await page.getByRole('link', { name: `Edit ${title}` }).click();
  await saveAndFindOnEvents(page, title);
  await expectLoaded(card.locator('img'), 400, /events%2F/);
  await page.goto('/registered-events');
  await page.getByRole('link', { name: `Edit ${title}` }).click();
  await page.getByRole('button', { name: 'Remove image' }).click();
  await expect(page.getByText('No image yet')).toBeVisible();
  await saveAndFindOnEvents(page, title);
  await expect(card.locator('img')).toHaveAttribute('src', '/images/events/parade.svg');
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

  await upload.setInputFiles(executableCalledPng);
  await expect(page.getByRole('alert')).toHaveText(
    'Only JPEG, PNG or WebP images can be uploaded.',
  );
  await screenshots(page, 'account-settings-refused');

  await upload.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: noisyPng(200, 200) });
  await expect(page.getByText('Your profile image is saved.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your profile image' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('img', { name: 'Your profile image' })).toHaveAttribute(
    'src',
    /\/v0\/b\/[^/]+\/o\/users%2F/,
  );
  await expect(page.getByRole('button', { name: 'Remove profile image' })).toBeVisible();
  await screenshots(page, 'account-settings');
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
  await screenshots(page, 'storage-metrics');

  await page.goto('/admin');
  await page.getByRole('link', { name: /API tokens/ }).click();
  await page.getByLabel('Name').fill('Photo importer');
  await page.getByRole('checkbox', { name: /^storage:write/ }).check();
  await page.getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByRole('status').filter({ hasText: 'shown only once' });
  await expect(shown).toContainText(/pk_[\w-]{20,}/);
  await screenshots(page, 'api-tokens');
  await page.getByRole('button', { name: 'Revoke Photo importer' }).first().click();
  await expect(page.getByText('The token “Photo importer” is revoked.')).toBeVisible();
  await expect(page.getByText('Revoked', { exact: true }).first()).toBeVisible();
});
