import { expect, type Browser, type Page } from '@playwright/test';
import { bookThroughApi, callApi, newPage } from './page-api';
import { profileMenu, signIn, signInAsAdmin } from './session';

/**
 * Listing review: an admin, in a browser of their own, approves the listings of the driveway
 * `title` waiting on /admin/listings (a new host's first listings wait there).
 */
export async function approveListings(
  browser: Browser,
  baseURL: string | undefined,
  title: string,
  count = 1,
) {
  const admin = await newPage(browser, baseURL);
  await signInAsAdmin(admin);
  await admin.goto('/admin/listings');
  const waiting = admin.getByRole('article', { name: new RegExp(`^${title} for `) });
  await expect(waiting).toHaveCount(count);
  for (let i = 0; i < count; i++) {
    await waiting.first().getByRole('button', { name: 'Approve' }).click();
    await expect(
      admin.getByRole('status').filter({ hasText: 'Approved: drivers can book it now.' }).last(),
    ).toBeVisible();
    await expect(waiting).toHaveCount(count - i - 1);
  }
  await admin.context().close();
}

/** The demo host's driveway in Orem, as `listing.createWithDriveway` takes it. */
const SHADY_DRIVEWAY = {
  title: 'Shady driveway by the park',
  street: '655 S 400 E',
  city: 'Orem',
  region: 'UT',
  postalCode: '84097',
  latitude: 40.2875,
  longitude: -111.687,
  capacity: 2,
};

/**
 * The signed-in host of `page` lists "Shady driveway by the park" (2 spaces at $15) for the
 * event, and an admin approves it (a new host's first listing waits for one). Its listing id.
 */
export async function listShadyDriveway(
  page: Page,
  browser: Browser,
  baseURL: string | undefined,
  eventId: string,
): Promise<string> {
  const listing = await callApi(page, 'listing.createWithDriveway', {
    ...SHADY_DRIVEWAY,
    listing: { eventId, priceCents: 1500, spacesOffered: 2 },
  });
  expect(listing.status).toBe(200);
  await approveListings(browser, baseURL, SHADY_DRIVEWAY.title);
  return listing.body.result.data.listingId as string;
}

/** The demo driver, signed in in a browser of their own, books the listing for this car. */
export async function bookAsDemoDriver(
  browser: Browser,
  baseURL: string | undefined,
  listingId: string,
  car: { licensePlate: string; vehicleDescription: string },
) {
  const driver = await newPage(browser, baseURL);
  await driver.goto('/login');
  await signIn(driver, 'driver@example.com', 'parkside-driver');
  await expect(profileMenu(driver)).toBeVisible();
  return { driver, booking: { id: await bookThroughApi(driver, listingId, car) } };
}
