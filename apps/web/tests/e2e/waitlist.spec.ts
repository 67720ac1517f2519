import { expect, test, type Page } from './fixtures';
import { waitForEmail } from './control';
import { ADMIN, signIn } from './session';
import { cancelBookingFrom } from './page-api';

const EVENT = 'Water Lantern Festival Portland';

/** Opens /rent for the festival, whose only demo driveway offers one space. */
async function openFestival(page: Page) {
  await page.goto('/events?q=lantern');
  await page.getByRole('link', { name: `Find parking for ${EVENT}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(EVENT);
}

test('a sold-out event takes a wait-list, and the wait-list is e-mailed when a space frees up', async ({
  browser,
}) => {
  // A driver books the last space.
  const driver = await browser.newPage();
  await driver.goto('/login');
  await signIn(driver, 'driver@example.com', 'parkside-driver');
  await expect(driver).toHaveURL('/');
  await openFestival(driver);
  await driver
    .getByRole('article')
    .first()
    .getByRole('link', { name: /^Book / })
    .click();
  await driver.getByLabel('License plate').fill('OR 123 ABC');
  await driver.getByLabel('Vehicle').fill('Green Subaru Forester');
  await driver.getByRole('button', { name: /Confirm booking/ }).click();
  await expect(driver.getByRole('heading', { level: 1 })).toHaveText(
    `You have a space for ${EVENT}`,
  );

  // A visitor sees the event is full; "Notify me" asks them to sign in and brings them back.
  const other = await browser.newPage();
  await openFestival(other);
  const notify = other.getByRole('region', { name: 'Every driveway for this event is booked.' });
  await expect(notify).toContainText('We can e-mail you when that happens.');
  await expect(other.getByRole('article').first()).toContainText('Sold out');
  await notify.getByRole('button', { name: 'Notify me' }).click();
  await expect(other).toHaveURL(/\/login\?redirectTo=%2Frent%3Fevent%3D/);
  await signIn(other, ADMIN.email, ADMIN.password);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(EVENT);
  await other.getByRole('button', { name: 'Notify me' }).click();
  await expect(
    other.getByRole('status').filter({ hasText: 'You are on the wait-list' }),
  ).toContainText(`We will e-mail ${ADMIN.email} when a space opens up.`);
  await expect(other.getByText('✓ On the wait-list')).toBeVisible();

  // The driver cancels: the space is free, and the wait-list hears about it.
  await driver.goto('/my-bookings');
  await cancelBookingFrom(
    driver.getByRole('article', { name: `Booking for ${EVENT}` }).filter({ hasText: 'OR 123 ABC' }),
  );
  await expect(
    driver.getByRole('status').filter({ hasText: 'Your booking is cancelled.' }),
  ).toBeVisible();
  const mail = await waitForEmail(ADMIN.email, `Parking just opened up for ${EVENT}`);
  expect(mail.text).toContain('1 space is available again');
  expect(mail.text).toMatch(/\/rent\?event=[\w-]+/);

  await openFestival(other);
  await expect(other.getByRole('button', { name: 'Notify me' })).toHaveCount(0);
  await expect(other.getByRole('article').first()).toContainText('1 space left');
});
