import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

const port = Number(process.env.E2E_PORT || 3210);
// The test server's control endpoint; workers inherit it from here.
process.env.E2E_CONTROL_PORT ||= String(port + 1);

/**
 * Debian's Chromium where it is installed (CI and our dev machines cannot download browsers);
 * CHROMIUM_PATH wins; otherwise Playwright's own browser, as on a developer laptop.
 */
const executablePath =
  process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'tsx tests/e2e/serve.ts',
    url: `http://127.0.0.1:${port}/healthz`,
    env: { E2E_PORT: String(port), E2E_CONTROL_PORT: process.env.E2E_CONTROL_PORT },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
