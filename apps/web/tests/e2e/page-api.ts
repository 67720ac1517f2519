import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { recordToasts } from './fixtures';

const SHOTS = 'test-results/screenshots';

/** Full-page screenshots at a phone's and a laptop's width. */
export async function screenshots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  // The test goes on at the size it chose (a phone's, say), not at the browser's default.
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

/** Posts to the JSON API from the page, so the browser sends its session cookie. */
export function callApi(page: Page, procedure: string, input: unknown) {
  return page.evaluate(
    async ([path, body]) => {
      const response = await fetch(`/api/trpc/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    [procedure, input] as const,
  );
}

/** Books a space through the API as the page's user (paid on arrival); the booking's id. */
export async function bookThroughApi(
  page: Page,
  listingId: string,
  car: { licensePlate: string; vehicleDescription: string },
) {
  const booked = await callApi(page, 'booking.create', {
    listingId,
    ...car,
    idempotencyKey: `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(200);
  return booked.body.result.data.id as string;
}

/** An open demo listing of Stadium of Fire, read through the API as the page would. */
export async function demoListing(page: Page) {
  const get = async (path: string, input: unknown) => {
    const response = await page.request.get(
      `/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
    );
    return ((await response.json()) as { result: { data: unknown } }).result.data;
  };
  const event = (await get('event.bySlug', { slug: 'stadium-of-fire' })) as { id: string };
  const { items } = (await get('listing.forEvent', { eventId: event.id })) as {
    items: { id: string }[];
  };
  return items[0]!.id;
}

/** A page in a browser context of its own (another person). */
export async function newPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  await recordToasts(context);
  return context.newPage();
}

/**
 * With `target` scrolled to the bottom edge of the screen (where the floating Feedback button
 * sits), the button does not cover it: they do not overlap, or the button has stepped aside.
 */
export async function expectClearOfFeedback(page: Page, target: Locator) {
  await target.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  const feedback = page.getByRole('button', { name: 'Feedback', exact: true });
  await expect
    .poll(async () => {
      const [a, b] = await Promise.all([feedback.boundingBox(), target.boundingBox()]);
      if (!a || !b) return 'not on screen';
      const apart =
        a.x + a.width <= b.x ||
        b.x + b.width <= a.x ||
        a.y + a.height <= b.y ||
        b.y + b.height <= a.y;
      if (apart) return 'clear';
      const aside = await feedback.evaluate(
        (button) =>
          button.hasAttribute('data-aside') && getComputedStyle(button).pointerEvents === 'none',
      );
      return aside ? 'clear' : 'covered';
    })
    .toBe('clear');
}

/** Opens a driveway on My Listings (each is one closed line when the host has several). */
export async function openDriveway(page: Page, title: string) {
  const region = page.getByRole('region', { name: title });
  const details = region.locator('details').first();
  if ((await details.getAttribute('open')) === null)
    await region.locator('summary').first().click();
  await expect(details).toHaveAttribute('open', '');
  return region;
}

/**
 * Waits until the page has shown a notification that says `text`: in the record every page keeps
 * of its toasts (`recordToasts`, fixtures.ts), or on screen now. A toast stays for 3 s; on a busy
 * machine the steps before the check can take longer, and the record still has it.
 */
export function toastSeen(page: Page, text: string, timeout = 30_000): Promise<void> {
  return page
    .waitForFunction(
      (wanted) =>
        [
          ...((window as unknown as { parksideToasts?: string[] }).parksideToasts ?? []),
          ...Array.from(document.querySelectorAll('[role="status"]'), (el) => el.textContent),
        ].some((shown) => shown?.includes(wanted)),
      text,
      { polling: 100, timeout },
    )
    .then(() => undefined);
}

/** The driver cancels the booking of this card on /my-bookings: its button, then the dialog's. */
export async function cancelBookingFrom(card: Locator) {
  await card.getByRole('button', { name: 'Cancel booking' }).click();
  await card
    .page()
    .getByRole('dialog', { name: 'Cancel this booking?' })
    .getByRole('button', { name: 'Cancel booking' })
    .click();
}
