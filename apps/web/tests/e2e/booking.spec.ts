import { expect, test } from './fixtures';
import { waitForEmail } from './control';
import { expectClearOfFeedback, screenshots } from './page-api';
import { signIn } from './session';

const CARPORT = 'Covered carport, 5 minutes on foot';

// The same journey on a phone and on a laptop; one after the other, since both book the carport.
test.describe.configure({ mode: 'serial' });

for (const width of [390, 1366]) {
  test(`at ${width} px a driver sees the driveway before booking, reads the refund rule, keeps the booking once, then cancels it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await page.goto('/events?q=byu+utah');
    await page.getByRole('link', { name: 'Find parking for BYU Cougars vs. Utah Utes' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('BYU Cougars vs. Utah Utes');

    // The map's loading text goes once the map is there, whether or not its tiles load.
    await expect(page.getByRole('region', { name: /^Map of driveways near / })).toBeVisible();
    await expect(page.getByText('Loading the map…')).toHaveCount(0);

    // Cheapest first; the house number stays hidden until booked.
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toContainText('$15.00');
    await expect(cards.first()).toContainText('N Canyon Rd');
    await expect(cards.first()).not.toContainText('1498 N Canyon Rd');
    // Each card says the walk as the driveway's page does.
    await expect(cards.first()).toContainText(/mi from the venue, about \d+ min on foot/);
    // On a phone the filters are one row saying what is in force, and the first driveway shows
    // on the first screen; from 640 px they are open.
    const filters = page.locator('summary', { hasText: 'Filters' });
    await expect(filters).toContainText('Filters · Lowest price');
    if (width < 640) {
      await expect(page.getByLabel('Sort by')).toBeHidden();
      await expect(cards.first()).toBeInViewport();
      await filters.click();
    }
    // The sort and the amenities apply as soon as they change.
    await page.getByLabel('Sort by').selectOption('distance');
    await expect(page).toHaveURL(/sort=distance/);
    await page.getByRole('checkbox', { name: 'Covered' }).check();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(CARPORT);

    // The driveway's own page: photos, the walk, the host, reviews, the refund rule.
    await cards.first().getByRole('link', { name: CARPORT, exact: true }).click();
    await expect(page).toHaveURL(/\/rent\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(CARPORT);
    const gallery = page.getByRole('list', { name: `Photos of ${CARPORT}` });
    await expect(gallery.getByRole('img').first()).toHaveAttribute(
      'alt',
      new RegExp(`^${CARPORT}, view 1 of [234]$`),
    );
    expect(
      await gallery
        .getByRole('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    ).toBe(960);
    await expect(
      page.getByText(/mi from LaVell Edwards Stadium · about \d+ min on foot/),
    ).toBeVisible();
    await expect(page.getByText(/estimated from the straight-line distance/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Hosted by Ben' })).toBeVisible();
    // The area map loads as the driver scrolls near it, then its loading text goes.
    const areaMap = page.getByRole('region', { name: /^Map: the driveway's area/ });
    await areaMap.scrollIntoViewIfNeeded();
    await expect(areaMap.locator('path.leaflet-interactive')).toHaveCount(1);
    await expect(page.getByText('Loading the map…')).toHaveCount(0);
    await expect(page.getByText(/On Parkside since \w+ \d{4}/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What drivers say' })).toBeVisible();
    await expect(page.getByText('Covered', { exact: true })).toBeVisible();
    const card = page.getByRole('complementary', { name: 'Book this driveway' });
    await expect(card).toContainText('2 of 2 spaces left');
    await expect(card).toContainText(
      'You pay the host $30.00 when you arrive, so nothing is charged now.',
    );
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      `${CARPORT} · Parking for BYU Cougars vs. Utah Utes`,
    );
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      /^http:\/\/127\.0\.0\.1:\d+\/v0\/b\//,
    );
    await page.screenshot({
      path: `test-results/screenshots/driveway-page-${width}.png`,
      fullPage: true,
    });

    // Booking needs a verified account: sign in, and come back to the same page.
    await card.getByRole('link', { name: 'Book · $30.00' }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await signIn(page, 'driver@example.com', 'parkside-driver');
    await expect(page.getByRole('heading', { name: 'Confirm your booking' })).toBeVisible();
    // No Stripe keys on this server: paid on arrival, and the page says what that means.
    await expect(
      page.getByText('Pay $30.00 to the host when you arrive', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'If your plans change' })).toBeVisible();
    await expect(
      page.getByText(/Cancel any time before the event starts and you owe nothing/),
    ).toBeVisible();

    await page.getByLabel('License plate').fill('ut 7k9-22');
    await page.getByLabel('Vehicle').fill('Silver Honda Odyssey');
    const confirm = page.getByRole('button', { name: /Confirm booking/ });
    await expectClearOfFeedback(page, confirm);
    await confirm.click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'You have a space for BYU Cougars vs. Utah Utes',
    );
    await expect(page.getByText('1710 N 1200 E, Provo, UT 84604')).toBeVisible();
    await expect(
      page.getByText('Pay $30.00 to the host when you arrive. Nothing is charged online.'),
    ).toBeVisible();
    await expect(page.getByText('Silver Honda Odyssey · UT 7K9-22')).toBeVisible();
    const confirmed = await waitForEmail(
      'driver@example.com',
      'Your parking for BYU Cougars vs. Utah Utes is booked',
    );
    expect(confirmed.text).toContain('Payment: Pay $30.00 to the host when you arrive');
    expect(confirmed.text).not.toMatch(/refund/i);

    // My Bookings: upcoming, with directions; cancelling asks first.
    await page.getByRole('link', { name: 'See all my bookings' }).click();
    const upcoming = page.getByRole('region', { name: /^Upcoming \(\d+\)$/ });
    const booking = upcoming
      .getByRole('article', { name: 'Booking for BYU Cougars vs. Utah Utes' })
      .filter({ hasText: 'UT 7K9-22' });
    await expect(booking).toContainText('Pay $30.00 to the host when you arrive');
    await expect(booking.getByRole('link', { name: 'Get directions' })).toBeVisible();
    // Help at the driveway is known before the day: when it opens and what it offers.
    await expect(booking).toContainText(
      /Can't park when you get there\? From \d{1,2}:\d{2} [AP]M \w+ on \w{3}, \w{3} \d{1,2}, \d{4} this pass offers a nearby driveway or your money back\./,
    );
    await booking.getByRole('link', { name: 'How it works' }).click();
    await expect(page.getByText('Help opens with your parking window')).toBeVisible();
    await expect(page.getByText(/^This opens with your parking window, /)).toBeVisible();
    await page.getByRole('link', { name: 'Back to the pass' }).click();
    await expect(page.getByText(/^Can't park when you get there\? From /)).toBeVisible();
    await screenshots(page, 'pass-before-the-window');
    await page.goto('/my-bookings');
    await booking.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await expect(dialog).toContainText(`${CARPORT} for BYU Cougars vs. Utah Utes`);
    await expect(dialog).toContainText('Nothing was charged, so there is nothing to pay back');
    await expect(dialog).not.toContainText(/refund/i);
    await expect(dialog.getByRole('button', { name: 'Keep booking' })).toBeFocused();
    await page.screenshot({ path: `test-results/screenshots/cancel-dialog-${width}.png` });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(booking).toBeVisible();

    await booking.getByRole('button', { name: 'Cancel booking' }).click();
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your booking is cancelled.' }),
    ).toContainText('Nothing was charged, so there is nothing to pay back.');
    const cancelledSection = page.getByRole('region', { name: /^Cancelled \(\d+\)$/ });
    const cancelled = cancelledSection
      .getByRole('article')
      .filter({ hasText: 'UT 7K9-22' })
      .first();
    await expect(cancelled).toContainText('Cancelled');
    await expect(cancelled).toContainText('PaymentNothing was charged');
    await expect(cancelled).not.toContainText(/refund/i);
    await expect(cancelled.getByRole('link', { name: 'Get directions' })).toHaveCount(0);
    // The conversation stays open for follow-up for 48 hours.
    await expect(cancelled.getByRole('link', { name: 'Message host' })).toBeVisible();
    await page.screenshot({
      path: `test-results/screenshots/my-bookings-${width}.png`,
      fullPage: true,
    });
    const mail = await waitForEmail(
      'driver@example.com',
      'Cancelled: your parking for BYU Cougars vs. Utah Utes',
    );
    expect(mail.text).toContain('Payment: Nothing was charged');

    // The space is free again.
    await page.goto('/events?q=byu+utah');
    await page.getByRole('link', { name: 'Find parking for BYU Cougars vs. Utah Utes' }).click();
    await expect(page.getByRole('article').filter({ hasText: 'Covered carport' })).toContainText(
      '2 spaces left',
    );
  });
}
