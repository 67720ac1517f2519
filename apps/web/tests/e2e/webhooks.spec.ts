import { verifySignature } from '@parkside/webhooks';
import { startWebhookReceiver, type WebhookReceiver } from '@parkside/webhooks/testing';
import { expect, test } from './fixtures';
import { bookThroughApi, demoListing, newPage, screenshots, toastSeen } from './page-api';
import { signInAsAdmin, signUpVerified } from './session';

/**
 * The admin webhooks page (decision 068): an admin adds an endpoint and copies its secret, a
 * driver's booking reaches the endpoint signed with it, and the admin sees the delivery with its
 * attempt and sends it again.
 */
let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver('/hooks/ops');
});
test.afterAll(async () => {
  await receiver?.close();
});

test('an admin adds a webhook endpoint, sees a booking delivered to it, and sends it again', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await signInAsAdmin(page);
  await page.goto('/admin/webhooks');
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await page.getByLabel('Address').fill(receiver.url);
  await page.getByLabel('Description (optional)').fill('Ops bookings sheet');
  // Booking confirmed and cancelled are ticked to begin with; a check-in is wanted too.
  await page.getByRole('checkbox', { name: /booking\.checked_in/ }).check();
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const created = page.getByRole('status').filter({ hasText: 'Endpoint added.' });
  await expect(created).toBeVisible();
  const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);
  const endpoints = page.getByRole('region', { name: /^Endpoints/ });
  await expect(
    endpoints.getByText('booking.confirmed · booking.cancelled · booking.checked_in'),
  ).toBeVisible();
  await screenshots(page, 'admin-webhooks');

  const driver = await newPage(browser, baseURL);
  await signUpVerified(driver, 'Wes Webhook');
  const bookingId = await bookThroughApi(driver, await demoListing(driver), {
    licensePlate: 'HOOK 22',
    vehicleDescription: 'Silver Outback',
  });
  await driver.context().close();

  // Other specs book on the same server meanwhile: this booking's deliveries are the ones read.
  const mine = () => receiver.received.filter((got) => got.body.includes(bookingId));
  await expect.poll(() => mine().length, { timeout: 30_000 }).toBe(1);
  const first = mine()[0]!;
  expect(verifySignature(secret, first.body, first.headers['parkside-signature'] as string)).toBe(
    true,
  );
  expect(JSON.parse(first.body)).toMatchObject({
    type: 'booking.confirmed',
    data: { object: { id: bookingId, licensePlate: 'HOOK 22' } },
  });

  await endpoints.getByRole('link', { name: receiver.url }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Webhook endpoint' })).toBeVisible();
  const delivery = page
    .getByRole('listitem', { name: 'booking.confirmed delivery, delivered' })
    .filter({ hasText: bookingId });
  await expect(delivery).toBeVisible();
  await expect(delivery.getByText('HTTP 200')).toBeVisible();
  await screenshots(page, 'admin-webhook-endpoint');

  await delivery.getByRole('button', { name: 'Send the booking.confirmed event again' }).click();
  await toastSeen(page, 'The booking.confirmed event is on its way again.');
  await expect.poll(() => mine().length, { timeout: 30_000 }).toBe(2);
  expect(mine()[1]!.body).toBe(first.body);
  await expect
    .poll(
      async () => {
        await page.reload();
        return delivery.getByText('HTTP 200').count();
      },
      { timeout: 30_000 },
    )
    .toBe(2);

  // Removed, it hears of nothing more.
  await page.getByText('Delete endpoint…').click();
  await page.getByRole('button', { name: 'Delete for good' }).click();
  await toastSeen(page, `${receiver.url} will get no more events.`);
  await expect(page.getByRole('link', { name: receiver.url })).toHaveCount(0);

  await page.goto('/admin/audit');
  await expect(
    page.getByRole('listitem').filter({ hasText: 'sent a webhook again to' }).first(),
  ).toBeVisible();
});
