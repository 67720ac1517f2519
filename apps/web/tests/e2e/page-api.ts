import type { Browser, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const SHOTS = 'test-results/screenshots';

/** Full-page screenshots at a phone's and a laptop's width. */
export async function screenshots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
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

/** A page in a browser context of its own (another person). */
export async function newPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}
