/**
 * Playwright's `test` and `expect` for every spec: the same, plus a machine-wide slot held while
 * each test runs (machine-slots.ts). Waiting for a slot has its own time limit, so a test waiting
 * behind another suite's tests is not timed out for it.
 */
import { test as base, type BrowserContext } from '@playwright/test';
import { takeMachineSlot } from './machine-slots';

/**
 * Every page of a context records the texts of the toasts (`role="status"`) it shows, from the
 * first byte of each document, so a check for a toast cannot miss one that came and went (3 s)
 * while the machine was busy: `toastSeen` (page-api.ts) reads the record.
 */
export async function recordToasts(context: BrowserContext) {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { parksideToasts: string[] }).parksideToasts = seen;
    const note = (root: Element) => {
      for (const element of [root, ...root.querySelectorAll('[role="status"]')])
        if (element.matches('[role="status"]') && element.textContent)
          seen.push(element.textContent);
    };
    new MutationObserver((changes) => {
      for (const change of changes) {
        const target =
          change.target instanceof Element ? change.target : change.target.parentElement;
        const status = target?.closest('[role="status"]');
        if (status?.textContent) seen.push(status.textContent);
        for (const node of change.addedNodes) if (node instanceof Element) note(node);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';

export const test = base.extend<{ machineSlot: void }>({
  context: async ({ context }, use) => {
    await recordToasts(context);
    await use(context);
  },
  machineSlot: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this pattern.
    async ({}, use) => {
      const release = await takeMachineSlot();
      try {
        await use();
      } finally {
        await release();
      }
    },
    { auto: true, timeout: 60 * 60_000 },
  ],
});
