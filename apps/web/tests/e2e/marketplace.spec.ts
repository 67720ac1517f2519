import { expect, test, type APIRequestContext, type Browser, type Page } from './fixtures';
import { blockMapTiles, serveFakeMapTiles } from './map-tiles';
import { waitForEmail } from './control';
import { approveListings } from './review';
import { signUpVerified } from './session';
import { fillDrivewayInOrem } from './driveway-form';
import { cancelBookingFrom } from './page-api';

/**
 * The marketplace as new users meet it: a host lists a driveway, a driver books it, both
 * manage the booking, and the e-mails reach both sides.
 */

const EVENT_SLUG = 'utah-valley-marathon';
const EVENT_TITLE = 'Utah Valley Marathon';

async function eventId(request: APIRequestContext, slug = EVENT_SLUG): Promise<string> {
  const input = encodeURIComponent(JSON.stringify({ slug }));
  const response = await request.get(`/api/trpc/event.bySlug?input=${input}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { result: { data: { id: string } } }).result.data.id;
}

/** A second person in their own browser session, with map tiles blocked (as offline). */
async function newPerson(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await blockMapTiles(page);
  return page;
}

/** Fills /register-driveway by typing the coordinates (the map is not needed) and sends it. */
async function registerDriveway(
  page: Page,
  event: string,
  title: string,
  { capacity = '3', spaces = '2' } = {},
) {
  await page.goto(`/register-driveway?event=${event}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('List your driveway');
  await expect(page.getByLabel('Event', { exact: true })).toHaveValue(event);
  await fillDrivewayInOrem(page, title, capacity);
  await page.getByRole('checkbox', { name: 'Tailgating allowed' }).check();
  await page.getByLabel('Access instructions (optional)').fill('Park behind the blue truck.');
  await page.getByLabel('Price per space (USD)').fill('18');
  // No payouts set up: drivers pay on arrival and the host keeps the whole price.
  await expect(
    page.getByText('Drivers pay you $18.00 when they arrive; you keep all of it.'),
  ).toBeVisible();
  // What nearby driveways ask for the same event, beside the price.
  await expect(
    page.getByText(/^(Nearby for this event: .+|No nearby listings yet for this event .+)\.$/),
  ).toBeVisible();
  await page.getByLabel('Spaces offered').fill(spaces);
  await page.getByRole('button', { name: 'List my driveway' }).click();
}

async function bookOnRent(page: Page, event: string, title: string) {
  await page.goto(`/rent?event=${event}`);
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText('$18.00');
  await expect(card).toContainText('2 spaces left');
  await expect(card).not.toContainText('1180 S 400 W');
  await card.getByRole('link', { name: /^Book / }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your booking' })).toBeVisible();
  await page.getByLabel('License plate').fill('7ab-k21');
  await page.getByLabel('Vehicle').fill('Red Toyota Tacoma');
  await page.getByRole('button', { name: /Confirm booking/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `You have a space for ${EVENT_TITLE}`,
  );
}

const listingPanel = (page: Page, title: string) =>
  page
    .getByRole('region', { name: title })
    .getByRole('article', { name: `${EVENT_TITLE} listing` });

test('a host lists a driveway, a driver books and cancels it, and both see it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const event = await eventId(request);
  const title = `Shady driveway ${Date.now()}`;
  await blockMapTiles(page);
  const hostEmail = await signUpVerified(page, 'Hana Host');

  // Missing or wrong input is explained beside each field, and nothing typed is lost.
  await page.goto(`/register-driveway?event=${event}`);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'List my driveway' }).click();
  // Most hosts do not know their coordinates: the fields wait behind "Enter coordinates instead".
  await expect(
    page
      .getByText(
        'Place your driveway: find its address, use your location or drop the pin on the map.',
      )
      .filter({ visible: true }),
  ).toHaveCount(1);
  await expect(page.getByLabel('Latitude')).toBeHidden();
  await expect(page.getByText('Enter the street address.')).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  // Offline the map shows no tiles; typing the coordinates is enough.
  await expect(page.getByText('The map tiles could not load.')).toBeVisible();

  await registerDriveway(page, event, title, { capacity: '1', spaces: '4' });
  await expect(
    page.getByText('You cannot offer more spaces than the driveway holds.'),
  ).toBeVisible();
  await expect(page.getByLabel('Street address')).toHaveValue('1180 S 400 W');
  await expect(page.getByLabel('Longitude')).toHaveValue('-111.7042');
  await page.getByLabel('Capacity (cars)').fill('3');
  await page.getByLabel('Spaces offered').fill('2');
  await page.getByRole('button', { name: 'List my driveway' }).click();
  await expect(page).toHaveURL(/\/listing-success\?listing=/);
  // A new host's first listing waits for an admin before drivers see it.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your driveway is in review');
  const summary = page.getByRole('definition').filter({ hasText: title });
  await expect(summary).toContainText('1180 S 400 W, Orem');
  await expect(page.getByText('2 spaces at $18.00')).toBeVisible();

  await page.getByRole('link', { name: 'Go to my listings' }).click();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  const panel = listingPanel(page, title);
  await expect(panel).toContainText('0 of 2');
  await expect(panel).toContainText('No bookings yet.');

  await expect(panel).toContainText('In review');
  await expect(panel).toContainText('Waiting for review.');
  await approveListings(browser, baseURL, title);
  await page.reload();
  await expect(panel).toContainText('Open');

  // A new driver finds it on /rent and books it.
  const driver = await newPerson(browser);
  const driverEmail = await signUpVerified(driver, 'Dora Driver');
  await bookOnRent(driver, event, title);

  await page.reload();
  await expect(panel).toContainText('1 of 2');
  // Paid on arrival (no payouts set up): the host keeps the whole price.
  await expect(panel).toContainText('The driver pays you $18.00 on arrival; you keep all of it');
  const booking = panel.getByRole('listitem', { name: 'Booking by Dora Driver' });
  await expect(booking).toContainText('Red Toyota Tacoma · 7AB-K21');

  // The driver cancels; the host sees the space free again.
  await driver.goto('/my-bookings');
  const mine = driver.getByRole('article', { name: `Booking for ${EVENT_TITLE}` });
  await cancelBookingFrom(mine);
  await expect(mine).toContainText('Cancelled');

  await page.reload();
  await expect(panel).toContainText('0 of 2');
  await expect(booking).toContainText('Cancelled by driver');
  await driver.goto(`/rent?event=${event}`);
  await expect(driver.getByRole('article', { name: title })).toContainText('2 spaces left');
  await driver.context().close();

  // Both sides were e-mailed when the space was booked and when it was cancelled.
  const booked = await waitForEmail(driverEmail, `Your parking for ${EVENT_TITLE} is booked`);
  expect(booked.text).toContain('1180 S 400 W');
  const sold = await waitForEmail(hostEmail, `New booking: ${title} for ${EVENT_TITLE}`);
  expect(sold.text).toContain('Dora Driver');
  expect(sold.text).toContain('7AB-K21');
  await waitForEmail(driverEmail, `Cancelled: your parking for ${EVENT_TITLE}`);
  const freed = await waitForEmail(hostEmail, `Booking cancelled: ${title} for ${EVENT_TITLE}`);
  expect(freed.text).toContain('The space is free again');
});

/** A new host lists a driveway (titled `what` and the time) for the demo event; an admin approves it. */
async function approvedDriveway(
  {
    page,
    request,
    browser,
    baseURL,
  }: {
    page: Page;
    request: APIRequestContext;
    browser: Browser;
    baseURL: string | undefined;
  },
  host: string,
  what: string,
) {
  const event = await eventId(request);
  const title = `${what} ${Date.now()}`;
  await blockMapTiles(page);
  await signUpVerified(page, host);
  await registerDriveway(page, event, title);
  await expect(page).toHaveURL(/\/listing-success/);
  await approveListings(browser, baseURL, title);
  return { event, title };
}

test('a host cancels a booking with a reason and closes the listing', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { event, title } = await approvedDriveway(
    { page, request, browser, baseURL },
    'Omar Owner',
    'Corner lot',
  );

  const driver = await newPerson(browser);
  const driverEmail = await signUpVerified(driver, 'Rita Rider');
  await bookOnRent(driver, event, title);

  await page.goto('/my-listings');
  const panel = listingPanel(page, title);
  await expect(panel.getByRole('button', { name: 'Close listing' })).toBeDisabled();
  const booking = panel.getByRole('listitem', { name: 'Booking by Rita Rider' });
  await booking.getByText('Cancel booking').click();
  await booking.getByRole('button', { name: 'Cancel this booking' }).click();
  await expect(booking.getByLabel(/^Reason/)).toBeFocused();
  await booking.getByLabel(/^Reason/).fill('A water main broke; the driveway is dug up.');
  await booking.getByRole('button', { name: 'Cancel this booking' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Booking cancelled.' })).toBeVisible();
  await expect(booking).toContainText('Cancelled by you');
  await expect(booking).toContainText('Reason: A water main broke; the driveway is dug up.');
  await expect(panel).toContainText('0 of 2');
  const told = await waitForEmail(driverEmail, `Cancelled: your parking for ${EVENT_TITLE}`);
  expect(told.text).toContain('Reason: A water main broke; the driveway is dug up.');

  await panel.getByRole('button', { name: 'Close listing' }).click();
  await expect(panel).toContainText('Closed');
  await driver.goto(`/rent?event=${event}`);
  await expect(driver.getByRole('article', { name: title })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Reopen listing' }).click();
  await expect(panel).toContainText('Open');
  await driver.context().close();
});

test('a host edits a listing and lists the driveway for another event', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { title } = await approvedDriveway(
    { page, request, browser, baseURL },
    'Ezra Edits',
    'Long driveway',
  );
  await page.goto('/my-listings');
  const panel = listingPanel(page, title);

  await panel.getByText('Edit listing').click();
  await panel.getByLabel('Spaces offered').fill('5');
  await panel.getByRole('button', { name: 'Save listing' }).click();
  // Refused by the browser's own limit or by the server: either way, nothing is saved.
  await panel.getByLabel('Price per space (USD)').fill('24.50');
  await expect(
    panel.getByText('Drivers pay you $24.50 when they arrive; you keep all of it.'),
  ).toBeVisible();
  // What the other listings near this driveway ask for the event, beside the price.
  await expect(panel.getByText(/within 1 mile of your driveway/)).toBeVisible();
  await panel.getByLabel('Spaces offered').fill('3');
  await panel.getByRole('button', { name: 'Save listing' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Listing saved.' })).toBeVisible();
  await expect(panel).toContainText('$24.50');
  await expect(panel).toContainText('0 of 3');

  const driveway = page.getByRole('region', { name: title });
  await driveway.getByText('List for another event').click();
  await driveway
    .getByLabel('Event', { exact: true })
    .selectOption({ label: await otherEventLabel(page, title) });
  await driveway.getByRole('button', { name: 'List for this event' }).click();
  // Approved once, but this driveway has no photos yet: the new listing waits for a look.
  await expect(
    page.getByRole('status').filter({ hasText: 'Listed for another event, in review.' }),
  ).toBeVisible();
  await expect(driveway.getByRole('article')).toHaveCount(2);

  // Several events at once: those within 10 miles, two ticked, one price for both.
  await driveway.getByText('List for more events').click();
  await driveway.getByRole('combobox', { name: /Upcoming events within/ }).selectOption('10');
  const eventBoxes = driveway.locator('input[name="eventIds"]');
  await expect(eventBoxes.first()).toBeVisible();
  await eventBoxes.nth(0).check();
  await eventBoxes.nth(1).check();
  await driveway.getByLabel('Price per space (USD)').last().fill('21');
  await driveway.getByRole('button', { name: 'List for 2 events' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your driveway is listed for 2 more events.' }),
  ).toBeVisible();
  await expect(driveway.getByRole('article')).toHaveCount(4);
});

/** The first event the driveway is not listed for yet, as the picker shows it. */
async function otherEventLabel(page: Page, title: string) {
  const option = page
    .getByRole('region', { name: title })
    .getByLabel('Event', { exact: true })
    .locator('option')
    .first();
  return (await option.textContent()) ?? '';
}

test.describe('screenshots', () => {
  for (const width of [390, 1366]) {
    test(`host pages and /rent at ${width} px`, async ({ page, request }) => {
      test.setTimeout(150_000);
      await page.setViewportSize({ width, height: 900 });
      const event = await eventId(request);
      const shot = (name: string) =>
        page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
      await serveFakeMapTiles(page);
      await signUpVerified(page, 'Sasha Screens');
      await page.goto(`/register-driveway?event=${event}`);
      await expect(page.getByRole('region', { name: /^Map:/ })).toBeVisible();
      await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();
      await shot('register-driveway-map');

      await page.unrouteAll();
      await blockMapTiles(page);
      await page.reload();
      await expect(page.getByText('The map tiles could not load.')).toBeVisible();
      await shot('register-driveway-no-tiles');

      await page.unrouteAll();
      await serveFakeMapTiles(page);
      await registerDriveway(page, event, `Screenshot driveway ${width}`);
      await expect(page).toHaveURL(/\/listing-success/);
      await shot('listing-success');
      await page.goto('/my-listings');
      await page.getByText('Edit listing').first().click();
      await shot('my-listings');

      await page.goto(`/rent?event=${await eventId(request, 'byu-vs-utah-football')}`);
      // Chosen from the keyboard: other tests' driveways near the carport may lie over its pin.
      const pin = page.locator('.leaflet-marker-icon[role="button"]', { hasText: '$' }).first();
      await expect(pin.getByText(/^\$\d+\.\d{2}$/)).toBeVisible();
      await pin.focus();
      await pin.press('Enter');
      // Its card opens on the map, leading to the driveway's page.
      await expect(page.locator('.leaflet-popup-content').getByRole('link')).toBeVisible();
      await shot('rent');
    });
  }
});
