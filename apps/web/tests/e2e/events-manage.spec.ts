import { listShadyDriveway } from './review';
import { callApi } from './page-api';
import { expect, test, type Browser, type Page } from './fixtures';
import { mkdirSync } from 'node:fs';
import { waitForEmail } from './control';
import { denverDay, eventRequest, fillEvent } from './event-form';
import { signIn, signInAsAdmin, signUpVerified } from './session';

// The browser is in Utah, like most of our venues: its zone prefills the event form.
test.use({ timezoneId: 'America/Denver' });

const SHOTS = 'test-results/screenshots';
mkdirSync(SHOTS, { recursive: true });

/** Full-page screenshots at a phone's and a laptop's width. */
async function screenshots(page: Page, name: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    // What a phone shows first, at a size that can be read.
    if (width === 390) await page.screenshot({ path: `${SHOTS}/${name}-${width}-top.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

let counter = 0;
const uniqueTitle = (base: string) => `${base} ${Date.now().toString(36)}${(counter += 1)}`;

async function registerEvent(page: Page, title: string) {
  await fillEvent(page, title);
  await page.getByRole('button', { name: 'Register event' }).click();
}

async function newPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, timezoneId: 'America/Denver' });
  return context.newPage();
}

test('a verified user registers an event, finds it on /events and /registered-events, and edits it', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two people sign up and an event is registered and edited: more than the default 30 s on a
  // busy machine.
  test.slow();
  await signUpVerified(page, 'Erin Events');
  await page.goto('/registered-events');
  await expect(page.getByText('You have not registered any events yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Register an event' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Register an event');
  // The browser's own zone is chosen for a new event.
  await expect(page.getByLabel('Time zone of the venue')).toHaveValue('America/Denver');
  await screenshots(page, 'register-event');

  // Mistakes are explained beside their fields, and nothing typed is lost.
  await page.getByLabel('Title').fill('Ow');
  await page.getByRole('button', { name: 'Register event' }).click();
  await expect(page.getByText('The title needs at least 3 characters.')).toBeVisible();
  await expect(page.getByText('Enter the venue name.')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Ow');
  const title = uniqueTitle('Orem Owlfest');
  await fillEvent(page, title, { starts: '22:00', ends: '18:00' });
  await page.getByRole('button', { name: 'Register event' }).click();
  await expect(page.getByText('The event must end after it starts.')).toBeVisible();
  await expect(page.getByLabel('Venue name')).toHaveValue('SCERA Park');
  await page.getByLabel('Starts').fill(`${denverDay(30)}T18:00`);
  await page.getByLabel('Ends').fill(`${denverDay(30)}T22:00`);
  await page.getByRole('button', { name: 'Register event' }).click();
  await expect(page).toHaveURL(/\/registered-events$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your event is registered.' }),
  ).toBeVisible();
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText('Upcoming');
  // Shown in the venue's zone: 6:00 PM in Utah.
  await expect(card).toContainText('6:00 PM MST');
  await expect(card).toContainText('SCERA Park, Orem, UT');
  await screenshots(page, 'registered-events-user');

  await page.goto(`/events?q=${encodeURIComponent(title)}`);
  const listed = page.getByRole('article', { name: title });
  await expect(listed).toContainText('6:00 PM MST');
  await expect(listed).toContainText('SCERA Park');

  // Edit: the form comes back filled in, in the venue's time.
  await page.goto('/registered-events');
  await card.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit event');
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByLabel('Starts')).toHaveValue(`${denverDay(30)}T18:00`);
  const editUrl = page.url();
  const renamed = `${title} Night Market`;
  await page.getByLabel('Title').fill(renamed);
  await page.getByLabel('Ends').fill(`${denverDay(30)}T23:30`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your changes are saved.' }),
  ).toBeVisible();
  await expect(page.getByRole('article', { name: renamed })).toContainText('to 11:30 PM MST');

  // Someone else cannot open it for editing, see it among their events, or cancel it.
  const stranger = await newPage(browser, baseURL);
  await signUpVerified(stranger, 'Sam Stranger');
  await stranger.goto(editUrl);
  await expect(stranger.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await stranger.goto('/registered-events');
  await expect(stranger.getByRole('article', { name: renamed })).toHaveCount(0);
  const eventId = new URL(editUrl).searchParams.get('event');
  const update = await callApi(stranger, 'event.update', {
    id: eventId,
    ...eventRequest('Hijacked', 30, 10),
  });
  expect(update.status).toBe(404);
  const cancel = await callApi(stranger, 'event.cancel', { id: eventId, reason: 'Mine now.' });
  expect(cancel.status).toBe(403);
  expect((await callApi(stranger, 'event.archive', { id: eventId })).status).toBe(403);
  expect((await callApi(stranger, 'event.unarchive', { id: eventId })).status).toBe(403);
  // The creator may not cancel either: that refunds other hosts' drivers.
  expect((await callApi(page, 'event.cancel', { id: eventId, reason: 'Mine.' })).status).toBe(403);
  await stranger.context().close();
});

test('an admin cancels an event that has a booking, and the driver is e-mailed', async ({
  page,
  browser,
  baseURL,
}) => {
  // Three people, a booking and a delivered e-mail.
  test.slow();
  // A host registers an event and offers a driveway for it.
  await signUpVerified(page, 'Hana Host');
  await page.goto('/register-event');
  const title = uniqueTitle('Provo Rib Cookoff');
  await registerEvent(page, title);
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  const editHref = await page
    .getByRole('article', { name: title })
    .getByRole('link', { name: `Edit ${title}` })
    .getAttribute('href');
  const eventId = new URL(editHref!, 'http://x').searchParams.get('event')!;
  // A new host's first listing waits for an admin.
  await listShadyDriveway(page, browser, baseURL, eventId);

  // A driver books a space.
  const driver = await newPage(browser, baseURL);
  await driver.goto(`/rent?event=${eventId}`);
  await driver
    .getByRole('article')
    .first()
    .getByRole('link', { name: /^Book / })
    .click();
  await signIn(driver, 'driver@example.com', 'parkside-driver');
  await driver.getByLabel('License plate').fill('UT 4RIBS');
  await driver.getByLabel('Vehicle').fill('Red Ford F-150');
  await driver.getByRole('button', { name: /Confirm booking/ }).click();
  await expect(driver.getByRole('heading', { level: 1 })).toContainText(title);
  await driver.context().close();

  // The admin sees every event, and what cancelling this one will do.
  const admin = await newPage(browser, baseURL);
  await signInAsAdmin(admin);
  // Admins see every event: they find this one by searching.
  const mine = `?q=${encodeURIComponent(title)}`;
  await admin.goto(`/registered-events${mine}`);
  const card = admin.getByRole('article', { name: title });
  await expect(card).toContainText(/Registered by\s*Hana Host/);
  await expect(card).toContainText(/Parking\s*1 booking$|Parking\s*1 booking\D/);
  await screenshots(admin, 'registered-events-admin');
  await card.getByRole('button', { name: 'Cancel event' }).click();
  const dialog = admin.getByRole('dialog', { name: `Cancel ${title}?` });
  await expect(dialog).toContainText(
    '1 booking will be cancelled and every driver and host e-mailed; nothing was charged, so nobody pays.',
  );
  await dialog.getByLabel('Reason, shown to drivers').fill('The park is closed for repairs.');
  await dialog.getByRole('button', { name: 'Cancel event' }).click();
  await expect(
    admin.getByRole('status').filter({ hasText: `${title} is cancelled.` }),
  ).toContainText('1 booking was cancelled; nothing had been charged.');
  await expect(card).toContainText('Cancelled');

  const mail = await waitForEmail('driver@example.com', `Cancelled: your parking for ${title}`);
  expect(mail.text).toContain('The park is closed for repairs.');

  // It left /events; archived, it moves to /archived-events, and comes back from there.
  await admin.goto(`/events?q=${encodeURIComponent(title)}`);
  await expect(admin.getByRole('article', { name: title })).toHaveCount(0);
  await admin.goto(`/registered-events${mine}`);
  await card.getByRole('button', { name: 'Archive' }).click();
  await expect(
    admin.getByRole('status').filter({ hasText: `${title} is archived.` }),
  ).toBeVisible();
  await expect(card).toHaveCount(0);
  await admin.goto(`/archived-events${mine}`);
  await admin
    .getByRole('article', { name: title })
    .getByRole('button', { name: 'Unarchive' })
    .click();
  await expect(
    admin.getByRole('status').filter({ hasText: 'is back on Registered events' }),
  ).toBeVisible();
  await admin.goto(`/registered-events${mine}`);
  await expect(admin.getByRole('article', { name: title })).toContainText('Cancelled');
});

test('an admin searches every event and pages through the results', async ({ page }) => {
  test.slow();
  await signInAsAdmin(page);
  // 26 events far ahead, all named with one tag: more than a page of 24.
  const tag = uniqueTitle('Pager');
  for (let i = 0; i < 26; i += 1) {
    const created = await callApi(
      page,
      'event.create',
      eventRequest(`${tag} night ${String(i + 1).padStart(2, '0')}`, 300 + i),
    );
    expect(created.status).toBe(200);
  }

  await page.goto('/registered-events');
  await page.getByLabel('Search by title, venue or city').fill(tag.toUpperCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  const cards = page.getByRole('article');
  const pages = page.getByRole('navigation', { name: 'Pages' });
  // Soonest first: nights 01 to 24 here, 25 and 26 on the next page.
  await expect(cards).toHaveCount(24);
  await expect(cards.first()).toHaveAccessibleName(`${tag} night 01`);
  await expect(pages).toContainText('Page 1');
  await screenshots(page, 'registered-events-admin');
  await pages.getByRole('link', { name: 'Next page' }).click();
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(1)).toHaveAccessibleName(`${tag} night 26`);
  await expect(pages).toContainText('Page 2');
  await expect(pages.getByRole('link', { name: 'Next page' })).toHaveCount(0);

  // An action on page 2 comes back to page 2 of the same search.
  const last = page.getByRole('article', { name: `${tag} night 26` });
  await last.getByRole('button', { name: 'Cancel event' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel ${tag} night 26?` });
  await dialog.getByLabel('Reason, shown to drivers').fill('Moved to another night.');
  await dialog.getByRole('button', { name: 'Cancel event' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is cancelled.' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByLabel('Search by title, venue or city')).toHaveValue(tag.toUpperCase());
  await expect(last).toContainText('Cancelled');

  await pages.getByRole('link', { name: 'Previous page' }).click();
  await expect(cards).toHaveCount(24);

  // Nothing matches: said so, with the way back.
  await page.goto('/registered-events?q=no-such-event-anywhere');
  await expect(page.getByText('No events match “no-such-event-anywhere”.')).toBeVisible();
  await page.getByRole('link', { name: 'Show every event' }).click();
  await expect(page).toHaveURL(/\/registered-events$/);
  await expect(cards.first()).toBeVisible();
});

test.describe('near me on /events', () => {
  test('sorts by distance from the browser location, with miles on each card', async ({
    browser,
    baseURL,
  }) => {
    // Standing in Orem, between Provo and Salt Lake City.
    const context = await browser.newContext({
      baseURL,
      geolocation: { latitude: 40.2969, longitude: -111.6946 },
      permissions: ['geolocation'],
      timezoneId: 'America/Denver',
    });
    const page = await context.newPage();
    await page.goto('/events');
    await page.getByRole('button', { name: 'Near me' }).click();
    await expect(page).toHaveURL(/lat=40\.297&lng=-111\.695/);
    await expect(page.getByText('Sorted by distance from your location.')).toBeVisible();
    await expect(page.getByText('All upcoming events, nearest first')).toBeVisible();
    const miles = await page
      .getByRole('article')
      .getByText(/ mi away$/)
      .allTextContents();
    expect(miles.length).toBeGreaterThan(1);
    const values = miles.map((text) => Number(text.replace(/[^0-9.]/g, '')));
    expect([...values].sort((a, b) => a - b)).toEqual(values);
    // The nearest event is in Orem or Provo, a few miles away.
    expect(values[0]).toBeLessThan(5);
    await screenshots(page, 'events-near-me');

    // Text search keeps the distance order.
    await page.getByLabel('Event, venue or city').fill('portland');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/q=portland.*lat=|lat=.*q=portland/);
    await expect(page.getByRole('article').first()).toContainText(/ mi away/);
    await page.getByRole('link', { name: 'Sort by date instead' }).click();
    await expect(page).not.toHaveURL(/lat=/);
    await expect(page.getByText(/ mi away/)).toHaveCount(0);
    // A mangled location in the URL is explained, not an error page.
    await page.goto('/events?lat=north&lng=-111.7');
    await expect(page.getByRole('alert')).toHaveText(
      'That location is not on the map. Press Near me to use yours again.',
    );
    await context.close();
  });

  test('explains a refused location without breaking the page', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, timezoneId: 'America/Denver' });
    const page = await context.newPage();
    // The browser refuses, as when the visitor says no.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'geolocation', {
        value: {
          getCurrentPosition: (_ok: unknown, fail: (error: unknown) => void) =>
            fail({ code: 1, PERMISSION_DENIED: 1, message: 'denied' }),
        },
      });
    });
    await page.goto('/events');
    await page.getByRole('button', { name: 'Near me' }).click();
    await expect(page.getByRole('alert')).toContainText('Location access is blocked');
    await expect(page.getByRole('article').first()).toBeVisible();
    await context.close();
  });
});
