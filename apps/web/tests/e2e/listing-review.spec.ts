import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { waitForEmail } from './control';
import { serveFakeMapTiles } from './map-tiles';
import { newPage, openDriveway, screenshots, toastSeen } from './page-api';
import { signInAsAdmin, signUpVerified } from './session';

/**
 * A new host lists a driveway found by its address, for several events at once; the listings
 * wait for an admin, who rejects one with a reason and approves the rest.
 */

async function eventId(request: APIRequestContext, slug: string): Promise<string> {
  const input = encodeURIComponent(JSON.stringify({ slug }));
  const response = await request.get(`/api/trpc/event.bySlug?input=${input}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { result: { data: { id: string } } }).result.data.id;
}

/** Where Leaflet drew the driveway's pin (its transform moves when the pin does). */
const pinPlace = (page: Page) =>
  page.getByRole('button', { name: 'Driveway position: drag to move' }).evaluate((pin) => {
    return (pin as HTMLElement).style.transform;
  });

test('a new host finds the driveway by its address, lists it for several events, and an admin reviews them', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // Three people, two reviews and a dozen pages: on a busy 2-core machine this has taken 150 s.
  test.setTimeout(300_000);
  const event = await eventId(request, 'byu-vs-utah-football');
  const title = `Canyon Road driveway ${Date.now()}`;
  await serveFakeMapTiles(page);
  const hostEmail = await signUpVerified(page, 'Nia Newhost');

  // Typing the address suggests it; the keyboard picks it; the fields fill and the pin moves.
  await page.goto(`/register-driveway?event=${event}`);
  await page.getByLabel('Title', { exact: true }).fill(title);
  const before = await pinPlace(page);
  const search = page.getByRole('combobox', { name: 'Find the address' });
  await search.pressSequentially('1700 N Canyon', { delay: 40 });
  const suggestions = page.getByRole('listbox', { name: 'Addresses found' });
  await expect(suggestions.getByRole('option')).toHaveCount(1);
  await expect(suggestions.getByRole('option').first()).toContainText('1700 North Canyon Road');
  await screenshots(page, 'register-driveway-address-search');
  await search.press('ArrowDown');
  await expect(suggestions.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await search.press('Enter');
  await expect(page.getByLabel('Street address')).toHaveValue('1700 North Canyon Road');
  await expect(page.getByLabel('City', { exact: true })).toHaveValue('Provo');
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('UT');
  await expect(page.getByLabel('ZIP code')).toHaveValue('84604');
  await expect(page.getByLabel('Latitude')).toHaveValue('40.25905');
  await expect(page.getByLabel('Longitude')).toHaveValue('-111.65623');
  await expect.poll(() => pinPlace(page)).not.toBe(before);
  await expect(page.getByText('Filled in: 1700 North Canyon Road')).toBeVisible();
  // The form was not sent by that Enter.
  await expect(page).toHaveURL(/\/register-driveway/);

  await page.getByLabel('Capacity (cars)').fill('2');
  await page.getByLabel('Spaces offered').fill('2');

  // Two more events around the pin in the same step: one at the first event's price, one its own.
  const more = page.getByRole('region', { name: 'More events (optional)' });
  await more.getByRole('combobox', { name: /Upcoming events within/ }).selectOption('10');
  await more.getByRole('checkbox', { name: /^BYU Cougars vs\. Arizona State/ }).check();
  await more.getByRole('checkbox', { name: /^Stadium of Fire/ }).check();
  await more.getByLabel('Each its own price').check();
  await expect(more.getByLabel(/^Price for BYU Cougars vs\. Arizona State/)).toHaveValue('20');
  await more.getByLabel(/^Price for Stadium of Fire/).fill('35');
  await screenshots(page, 'register-driveway-more-events');
  await page.getByRole('button', { name: 'List my driveway' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your driveway is in review');
  await expect(page.getByRole('heading', { name: 'We check your listing' })).toBeVisible();
  await expect(page.getByText('Your listing now shows on the event page')).toHaveCount(0);
  await screenshots(page, 'listing-success-in-review');

  // One more later, from My Listings ("List for more events").
  await page.goto('/my-listings');
  const driveway = await openDriveway(page, title);
  await expect(driveway.getByRole('article')).toHaveCount(3);
  await expect(
    driveway
      .getByRole('article', { name: /^Stadium of Fire/ })
      .getByText('$35.00', { exact: true }),
  ).toBeVisible();
  await driveway.getByText('List for more events').click();
  // The events within 2 miles come once the page's script runs: pick the distance after that, as
  // a person does once they see the list (a pick made before is reset when the page hydrates).
  await expect(
    driveway.getByRole('checkbox', { name: /^Freedom Festival Grand Parade/ }),
  ).toBeVisible();
  await driveway.getByRole('combobox', { name: /Upcoming events within/ }).selectOption('10');
  const balloons = driveway.getByRole('checkbox', { name: /^Provo Balloon Fest/ });
  await balloons.check();
  await expect(balloons).toBeChecked();
  // The toast stays 3 s; the page itself watches for it from before the click.
  const listed = toastSeen(page, 'Your driveway is listed for 1 more event.');
  const allWait = toastSeen(page, 'All wait for review.');
  await driveway.getByRole('button', { name: 'List for 1 event' }).click();
  await Promise.all([listed, allWait]);
  const listings = driveway.getByRole('article');
  await expect(listings).toHaveCount(4);
  await expect(listings.filter({ hasText: 'In review' })).toHaveCount(4);

  // Drivers do not see a listing in review.
  const driver = await newPage(browser, baseURL);
  await driver.goto(`/rent?event=${event}`);
  await expect(driver.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(driver.getByRole('article', { name: title })).toHaveCount(0);

  // The admin sees the queue with its flags, rejects one with a reason and approves the rest.
  const admin = await newPage(browser, baseURL);
  await serveFakeMapTiles(admin);
  await signInAsAdmin(admin);
  await admin.goto('/admin/listings');
  const waiting = admin.getByRole('article', { name: new RegExp(`^${title} for `) });
  await expect(waiting).toHaveCount(4);
  const first = waiting.first();
  await expect(first.getByRole('list', { name: 'Why it waits' })).toContainText(
    'A new host’s first listing',
  );
  await expect(first.getByRole('list', { name: 'Why it waits' })).toContainText('No photos');
  await expect(first).toContainText('1700 North Canyon Road, Provo, UT 84604');
  await screenshots(admin, 'admin-listing-review');
  const rejected = waiting.nth(1);
  const rejectedFor = (await rejected.getAttribute('aria-label'))!.replace(`${title} for `, '');
  await rejected.getByRole('button', { name: 'Reject…' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Reason, sent to the host').fill('Please add a photo of the driveway.');
  await dialog.getByRole('button', { name: 'Reject listing' }).click();
  await expect(
    admin.getByRole('status').filter({ hasText: 'Rejected. The host was e-mailed the reason.' }),
  ).toBeVisible();
  await expect(waiting).toHaveCount(3);
  for (let left = 3; left > 0; left--) {
    await waiting.first().getByRole('button', { name: 'Approve' }).click();
    await expect(waiting).toHaveCount(left - 1);
  }
  // (Other people's listings may wait too: only this host's are counted.)
  await admin.goto('/admin/audit');
  await expect(
    admin
      .getByRole('listitem')
      .filter({ hasText: `rejected the listing ${title} · ${rejectedFor}` }),
  ).toContainText('Please add a photo of the driveway.');

  // The host sees both outcomes, and is told by e-mail.
  await page.reload();
  await openDriveway(page, title);
  const no = driveway.getByRole('article', { name: `${rejectedFor} listing` });
  await expect(no).toContainText('Not approved');
  await expect(no).toContainText('Please add a photo of the driveway.');
  await expect(listings.filter({ hasText: 'Not approved' })).toHaveCount(1);
  await expect(listings.filter({ hasText: 'In review' })).toHaveCount(0);
  await expect(listings.getByRole('button', { name: 'Close listing' })).toHaveCount(3);
  await screenshots(page, 'my-listings-reviewed');
  const mail = await waitForEmail(hostEmail, `Your listing for ${rejectedFor} was not approved`);
  expect(mail.text).toContain('Please add a photo of the driveway.');

  // The closed row says it too, and "Fix and send again" opens the form with the reason above.
  await page.getByRole('heading', { name: title, level: 2 }).click();
  const notice = page.getByRole('listitem').filter({ hasText: `Not approved for ${rejectedFor}` });
  await expect(notice).toContainText('Please add a photo of the driveway.');
  await screenshots(page, 'my-listings-not-approved-row');
  await notice.getByRole('link', { name: /Fix and send again/ }).click();
  const fix = no.locator('details', { hasText: 'Why it was not approved' });
  await expect(fix).toHaveAttribute('open', '');
  await expect(fix).toContainText('Please add a photo of the driveway.');
  await fix.getByLabel('Price per space (USD)').fill('15');
  await screenshots(page, 'my-listings-fix-and-send-again');
  const sentAgain = toastSeen(page, 'Sent for review again.');
  await fix.getByRole('button', { name: 'Send for review again' }).click();
  await sentAgain;
  await expect(no.getByText('In review')).toBeVisible();

  // The admin sees the earlier reason and what changed, and approves it this time.
  await admin.goto('/admin/listings');
  const again = admin.getByRole('article', { name: `${title} for ${rejectedFor}` });
  await expect(again.getByRole('region', { name: 'Sent again' })).toContainText(
    'The reason then: Please add a photo of the driveway.',
  );
  await expect(again.getByRole('list', { name: 'Changed since' })).toContainText('→ $15.00');
  await screenshots(admin, 'admin-listing-sent-again');
  await again.getByRole('button', { name: 'Approve' }).click();
  await expect(again).toHaveCount(0);
  await page.reload();
  await expect(listings.filter({ hasText: 'Not approved' })).toHaveCount(0);
  await expect(listings.getByRole('button', { name: 'Close listing' })).toHaveCount(4);

  // Drivers see the approved listings now.
  await driver.goto(`/rent?event=${event}`);
  // The first in the queue (oldest) is the listing made with the driveway, for this event.
  await expect(driver.getByRole('article', { name: title })).toBeVisible();
  await driver.context().close();
  await admin.context().close();
});

test('the event form finds the venue by its address and places its pin', async ({ page }) => {
  test.slow();
  await serveFakeMapTiles(page);
  await signUpVerified(page, 'Otto Organiser');
  await page.goto('/register-event');
  const search = page.getByRole('combobox', { name: 'Find the venue’s address' });
  await search.fill('500 W Center');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('option', { name: /500 West Center Street/ }).click({ timeout: 30_000 });
  await expect(page.getByLabel('Street address')).toHaveValue('500 West Center Street');
  await expect(page.getByLabel('City')).toHaveValue('Provo');
  await expect(page.getByLabel('State or region')).toHaveValue('UT');
  await expect(page.getByLabel('Postal code')).toHaveValue('84601');
  await expect(page.getByLabel('Country')).toHaveValue('US');
  await expect(page.getByLabel('Latitude')).toHaveValue('40.2338');
  await expect(page.getByLabel('Longitude')).toHaveValue('-111.6694');
  await expect(page.getByRole('region', { name: 'Map: drag the pin to the venue' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Venue position: drag to move' })).toBeVisible();
  await screenshots(page, 'register-event-venue');
});
