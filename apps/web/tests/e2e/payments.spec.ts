import { expect, test } from './fixtures';
import { testSmtpUrl, waitForEmail } from './control';
import { openDriveway, screenshots } from './page-api';
import { signedInPage } from './session';
import { startStripeSite } from './stripe-site';

// A production server with Stripe keys, talking to a local server that answers as Stripe's API
// does and serves the Checkout and onboarding pages; its webhooks are signed with the SDK. Each
// test starts its own server and walks two people through Checkout: on a loaded 2-core machine
// that has taken over 2 minutes.
test.describe.configure({ timeout: 240_000 });

// On a phone and on a laptop, each against a server and database of its own.
for (const width of [390, 1366]) {
  test(`at ${width} px a host sets up payouts; a driver pays by Checkout, gets the receipt, cancels and sees the refund`, async ({
    browser,
  }) => {
    const size = { width, height: width < 500 ? 844 : 900 };
    const site = await startStripeSite('payments', {
      webhookDelayMs: 2500,
      env: { SMTP_URL: await testSmtpUrl(), JOBS_POLL_MS: '200' },
    });
    const { base, stripe } = site;
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

      // The driver opens the host's Oak Lane driveway: paid by card, and the refund rule says
      // what comes back until when.
      const driver = await signedInPage(browser, base, 'driver@example.com', 'parkside-driver');
      await driver.setViewportSize(size);
      await driver.goto('/events?q=byu+utah');
      await driver
        .getByRole('link', { name: 'Find parking for BYU Cougars vs. Utah Utes' })
        .click();
      await driver.getByRole('link', { name: 'Wide driveway on Oak Lane', exact: true }).click();
      const side = driver.getByRole('complementary', { name: 'Book this driveway' });
      await expect(side).toContainText('Pay by card when you book.');
      await expect(side).toContainText(
        /Cancel before .+ \(24 hours before the start\) and the full \$25\.00 goes back to your card/,
      );
      await expect(side).toContainText('If you cancel today: $25.00 back to your card.');
      await screenshots(driver, 'payments-driveway-page');
      await driver.setViewportSize(size);
      await side.getByRole('link', { name: 'Book · $25.00' }).click();
      await expect(
        driver.getByText(/Pay by card now\. Your space is held for 10 minutes/),
      ).toBeVisible();
      await expect(
        driver.getByText('If you cancel today: $25.00 back to your card.'),
      ).toBeVisible();
      await driver.getByLabel('License plate').fill('PAY 2026');
      await driver.getByLabel('Vehicle').fill('Green Toyota RAV4');
      await screenshots(driver, 'payments-confirm');
      await driver.setViewportSize(size);
      await driver.getByRole('button', { name: 'Confirm and pay $25.00' }).click();
      await expect(driver.getByRole('heading', { name: 'Pay $25.00' })).toBeVisible();
      await driver.getByRole('button', { name: 'Pay $25.00' }).click();

      // Back on Parkside before Stripe's webhook: confirming, then the confirmed booking.
      await expect(driver.getByRole('status')).toContainText('Confirming your payment…');
      await driver.screenshot({
        path: `test-results/screenshots/payments-confirming-${width}.png`,
      });
      await expect(driver.getByRole('heading', { level: 1 })).toHaveText(
        'You have a space for BYU Cougars vs. Utah Utes',
        // The local Stripe sends its webhook 2.5 s after payment; a busy machine adds to it.
        { timeout: 30_000 },
      );
      await expect(driver.getByText('Paid $25.00 by card.')).toBeVisible();
      await screenshots(driver, 'payments-success');
      await driver.setViewportSize(size);
      const receipt = await waitForEmail(
        'driver@example.com',
        'Your parking for BYU Cougars vs. Utah Utes is booked',
      );
      expect(receipt.text).toContain('Payment: Paid $25.00 by card');
      const hostMail = await waitForEmail(
        'host@example.com',
        'New booking: Wide driveway on Oak Lane for BYU Cougars vs. Utah Utes',
      );
      expect(hostMail.text).toContain('Parkside fee: $3.75');
      expect(hostMail.text).toContain('You receive: $21.25');

      // The host sees the fee breakdown on the booking.
      await host.goto('/my-listings');
      await openDriveway(host, 'Wide driveway on Oak Lane');
      await expect(
        host.getByRole('listitem', { name: 'Booking by Dana Driver' }).first(),
      ).toContainText('Paid $25.00 by card · $3.75 fee · you receive $21.25');

      // The driver cancels (days ahead: a full refund) and sees it go back to the card.
      await driver.getByRole('link', { name: 'See all my bookings' }).click();
      const booking = driver.getByRole('article', {
        name: 'Booking for BYU Cougars vs. Utah Utes',
      });
      await expect(booking).toContainText('PaymentPaid $25.00 by card');
      await booking.getByRole('button', { name: 'Cancel booking' }).click();
      const dialog = driver.getByRole('dialog', { name: 'Cancel this booking?' });
      await expect(dialog).toContainText('$25.00 back to your card, in 5 to 10 business days.');
      await dialog.getByRole('button', { name: 'Cancel booking' }).click();
      await expect(
        driver.getByRole('status').filter({ hasText: 'Your booking is cancelled.' }),
      ).toContainText('$25.00 back to your card, in 5 to 10 business days.');
      const cancelled = driver
        .getByRole('region', { name: /^Cancelled \(1\)$/ })
        .getByRole('article', { name: 'Booking for BYU Cougars vs. Utah Utes' });
      await expect(cancelled).toContainText('Cancelled · $25.00 back to your card');
      // The refund goes through the job queue, polled every 200 ms; a busy machine is slower.
      await expect(async () => {
        await driver.reload();
        await expect(cancelled).toContainText('Refund$25.00 back to your card');
        await expect(cancelled).not.toContainText('on its way');
      }).toPass({ timeout: 30_000 });
      expect(stripe.refunds).toEqual([expect.objectContaining({ amount: 2500 })]);
      await screenshots(driver, 'payments-refunded');
      await driver.setViewportSize(size);

      // A second booking, with a host who has no payouts: paid on arrival, no fee, nothing charged.
      await driver.goto('/events?q=byu+utah');
      await driver
        .getByRole('link', { name: 'Find parking for BYU Cougars vs. Utah Utes' })
        .click();
      await driver
        .getByRole('link', { name: 'Corner lot by the canyon road', exact: true })
        .click();
      await expect(side).toContainText('Pay the host when you arrive.');
      await expect(side).toContainText('nothing is charged now');
      await side.getByRole('link', { name: 'Book · $15.00' }).click();
      await expect(
        driver.getByText(
          'Pay $15.00 to the host when you arrive: this host does not take card payments yet.',
        ),
      ).toBeVisible();
      await driver.getByLabel('License plate').fill('ARR 15');
      await driver.getByLabel('Vehicle').fill('Blue Ford Focus');
      await driver.getByRole('button', { name: 'Confirm booking · $15.00' }).click();
      await expect(
        driver.getByText('Pay $15.00 to the host when you arrive. Nothing is charged online.'),
      ).toBeVisible();

      // The admin's figures: the card payment, its fee given back with its refund, and apart from
      // them the booking paid on arrival.
      const admin = await signedInPage(browser, base, 'admin@example.com', 'parkside-admin');
      await admin.goto('/admin');
      const row = (name: string) => admin.getByRole('row', { name: new RegExp(`^${name}`) });
      await expect(row('Paid by card')).toContainText('$25.00$25.00');
      await expect(row('Platform fees')).toContainText('$0.00$0.00');
      await expect(row('Card refunds')).toContainText('$25.00$25.00');
      await expect(row('Due on arrival')).toContainText('$15.00$15.00');
      await screenshots(admin, 'payments-admin-figures');
    } finally {
      await site.close();
    }
  });
}
