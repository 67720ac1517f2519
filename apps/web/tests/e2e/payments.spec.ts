import { startStripeTestServer } from '@parkside/payments/testing';
import { expect, test } from '@playwright/test';
import { freePort, startServer, stopServers } from './app-servers';
import { testSmtpUrl, waitForEmail } from './control';
import { createFreshDatabase } from './fresh-database';
import { screenshots } from './page-api';
import { signedInPage } from './session';

// A production server with Stripe keys, talking to a local server that answers as Stripe's API
// does and serves the Checkout and onboarding pages; its webhooks are signed with the SDK.
test.describe.configure({ timeout: 120_000 });

test('a host sets up payouts; a driver pays by Checkout, gets the receipt, cancels and sees the refund', async ({
  browser,
}) => {
  const webhookSecret = 'whsec_e2e_payments';
  const stripe = await startStripeTestServer({ webhookSecret, webhookDelayMs: 2500 });
  const database = await createFreshDatabase();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  stripe.setWebhookUrl(`${base}/webhooks/stripe`);
  const server = await startServer(
    {
      ...database.env,
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: stripe.url,
      SMTP_URL: await testSmtpUrl(),
      JOBS_POLL_MS: '200',
    },
    port,
  );
  try {
    // The host sets up payouts with Stripe and comes back to an active account.
    const host = await signedInPage(browser, base, 'host@example.com', 'parkside-host');
    await host.goto('/my-listings');
    const payouts = host.getByRole('region', { name: 'Payouts' });
    await expect(payouts).toContainText('Not set up');
    await payouts.getByRole('button', { name: 'Set up payouts' }).click();
    await expect(host.getByRole('heading', { name: 'Set up payouts' })).toBeVisible();
    await host.getByRole('button', { name: 'Agree and submit' }).click();
    await expect(host).toHaveURL(/\/my-listings\?payouts=return/);
    await expect(payouts).toContainText('Active');
    await expect(payouts).toContainText('Drivers pay online when they book');
    await screenshots(host, 'payments-payouts');

    // The driver books the host's Oak Lane driveway and pays on the Checkout page.
    const driver = await signedInPage(browser, base, 'driver@example.com', 'parkside-driver');
    await driver.goto('/events?q=byu+utah');
    await driver.getByRole('link', { name: 'Find parking for BYU Cougars vs. Utah Utes' }).click();
    await driver
      .getByRole('article')
      .filter({ hasText: 'Wide driveway on Oak Lane' })
      .getByRole('link', { name: /^Book / })
      .click();
    await expect(
      driver.getByText(/Pay by card now\. Your space is held for 10 minutes/),
    ).toBeVisible();
    await driver.getByLabel('License plate').fill('PAY 2026');
    await driver.getByLabel('Vehicle').fill('Green Toyota RAV4');
    await screenshots(driver, 'payments-confirm');
    await driver.getByRole('button', { name: 'Confirm and pay $25.00' }).click();
    await expect(driver.getByRole('heading', { name: 'Pay $25.00' })).toBeVisible();
    await driver.getByRole('button', { name: 'Pay $25.00' }).click();

    // Back on Parkside before Stripe's webhook: confirming, then the confirmed booking.
    await expect(driver.getByRole('status')).toContainText('Confirming your payment…');
    await driver.screenshot({ path: 'test-results/screenshots/payments-confirming.png' });
    await expect(driver.getByRole('heading', { level: 1 })).toHaveText(
      'You have a space for BYU Cougars vs. Utah Utes',
      // The local Stripe sends its webhook 2.5 s after payment; a busy machine adds to it.
      { timeout: 30_000 },
    );
    await expect(driver.getByText('Paid $25.00 by card.')).toBeVisible();
    await screenshots(driver, 'payments-success');
    const receipt = await waitForEmail(
      'driver@example.com',
      'Your parking for BYU Cougars vs. Utah Utes is booked',
    );
    expect(receipt.text).toContain('$25.00 (charged to your card)');
    const hostMail = await waitForEmail(
      'host@example.com',
      'New booking: Wide driveway on Oak Lane for BYU Cougars vs. Utah Utes',
    );
    expect(hostMail.text).toContain('Parkside fee: $3.75');

    // The host sees the fee breakdown on the booking.
    await host.goto('/my-listings');
    await expect(
      host.getByRole('listitem', { name: 'Booking by Dana Driver' }).first(),
    ).toContainText('$25.00 − $3.75 fee = you receive $21.25');

    // The driver cancels (days ahead: a full refund) and sees it go back to the card.
    await driver.getByRole('link', { name: 'See all my bookings' }).click();
    const booking = driver.getByRole('article', { name: 'Booking for BYU Cougars vs. Utah Utes' });
    await booking.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(driver.getByText(/\$25\.00 goes back to your card/)).toBeVisible();
    // The refund goes through the job queue, polled every 200 ms; a busy machine is slower.
    await expect(async () => {
      await driver.reload();
      await expect(booking).toContainText('Refunded$25.00');
    }).toPass({ timeout: 30_000 });
    expect(stripe.refunds).toEqual([expect.objectContaining({ amount: 2500 })]);
    await screenshots(driver, 'payments-refunded');
  } finally {
    await stopServers([server]);
    await stripe.close();
    await database.drop();
  }
});
