import type { Page } from '@playwright/test';

/** Screenshots for review when SCREENSHOTS_DIR is set (phone and laptop widths). */
export async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  for (const [label, width] of [
    ['phone', 390],
    ['laptop', 1366],
  ] as const) {
    await page.setViewportSize({ width, height: label === 'phone' ? 844 : 900 });
    await page.screenshot({ path: `${dir}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}
