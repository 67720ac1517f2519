import { expect, test } from '@playwright/test';
import { waitForEmail } from './control';
import { signIn } from './session';

test('a driver finds a driveway on /rent, books it, sees it, and cancels with a full refund', async ({
  page,
}) => {
  await page.goto('/events?q=byu+utah');
  await page.getByRole('link', { name: 'Find parking for BYU Cougars vs. Utah Utes' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('BYU Cougars vs. Utah Utes');

  // Cheapest first; the house number stays hidden until booked.
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(3);
  await expect(cards.first()).toContainText('$15.00');
  await expect(cards.first()).toContainText('N Canyon Rd');
  await expect(cards.first()).not.toContainText('1498 N Canyon Rd');
  await page.getByLabel('Sort by').selectOption('distance');
  await page.getByRole('checkbox', { name: 'Covered' }).check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Covered carport, 5 minutes on foot');
  await expect(cards.first()).toContainText('2 spaces left');

  // Booking needs a verified account: sign in, and come back to the same page.
  await cards
    .first()
    .getByRole('link', { name: /^Book / })
    .click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await signIn(page, 'driver@example.com', 'parkside-driver');
  await expect(page.getByRole('heading', { name: 'Confirm your booking' })).toBeVisible();
  await expect(page.getByText('$30.00').first()).toBeVisible();
  // No Stripe keys on this server: the driver pays the host on arrival, nothing online.
  await expect(page.getByText('Pay the host on arrival', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: /Confirm booking/ }).click();
  await expect(page.getByRole('alert')).toContainText(/license plate/i);
  await page.getByLabel('License plate').fill('ut 7k9-22');
  await page.getByLabel('Vehicle').fill('Silver Honda Odyssey');
  await page.getByRole('button', { name: /Confirm booking/ }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'You have a space for BYU Cougars vs. Utah Utes',
  );
  await expect(page.getByText('1710 N 1200 E, Provo, UT 84604')).toBeVisible();
  await expect(page.getByText('Pay $30.00 to the host when you arrive.')).toBeVisible();
  await expect(
    page.getByText('Carport on the left; the charger cable is in the gray box.'),
  ).toBeVisible();
  await expect(page.getByText('Silver Honda Odyssey · UT 7K9-22')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get directions' })).toHaveAttribute(
    'href',
    /destination=40\.\d+,-111\.\d+/,
  );

  // The confirmation arrives by e-mail, with what the driver needs on the day.
  const confirmed = await waitForEmail(
    'driver@example.com',
    'Your parking for BYU Cougars vs. Utah Utes is booked',
  );
  expect(confirmed.text).toContain('1710 N 1200 E, Provo, UT 84604');
  expect(confirmed.text).toContain('License plate: UT 7K9-22');

  await page.getByRole('link', { name: 'See all my bookings' }).click();
  const booking = page.getByRole('article', { name: 'Booking for BYU Cougars vs. Utah Utes' });
  await expect(booking).toContainText('Cancel now for a full refund of $30.00.');
  await booking.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your booking is cancelled.' }),
  ).toContainText('$30.00 will be refunded.');
  await expect(booking).toContainText('Cancelled · $30.00 refunded');
  const cancelled = await waitForEmail(
    'driver@example.com',
    'Cancelled: your parking for BYU Cougars vs. Utah Utes',
  );
  expect(cancelled.text).toContain('You cancelled your parking');

  // The space is free again.
  await page.goto('/events?q=byu+utah');
  await page.getByRole('link', { name: 'Find parking for BYU Cougars vs. Utah Utes' }).click();
  await expect(page.getByRole('article').filter({ hasText: 'Covered carport' })).toContainText(
    '2 spaces left',
  );
});
