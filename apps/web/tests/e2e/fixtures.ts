/**
 * Playwright's `test` and `expect` for every spec: the same, plus a machine-wide slot held while
 * each test runs (machine-slots.ts). Waiting for a slot has its own time limit, so a test waiting
 * behind another suite's tests is not timed out for it.
 */
import { test as base } from '@playwright/test';
import { takeMachineSlot } from './machine-slots';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';

export const test = base.extend<{ machineSlot: void }>({
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
