import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import { freePorts } from './tests/e2e/app-servers';

// The test server and its control endpoint on ports the system says are free, so two suites can
// run on one machine; E2E_PORT (and E2E_CONTROL_PORT, else the next port) pin them. Workers
// inherit both from here.
if (!process.env.E2E_PORT) {
  const [server, control] = await freePorts(2);
  process.env.E2E_PORT = String(server);
  process.env.E2E_CONTROL_PORT ||= String(control);
}
const port = Number(process.env.E2E_PORT);
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
  // Sized for a 2-core machine that runs another suite at the same time (the suites take turns
  // test by test, tests/e2e/machine-slots.ts, but its unit tests and builds still share the
  // cores): a passing test is not slower for it, and a page that needs 6 s there is not a failure.
  timeout: 90_000,
  expect: { timeout: 15_000 },
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
