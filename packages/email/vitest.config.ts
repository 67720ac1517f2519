import { defineConfig } from 'vitest/config';

// The mail queue tests need a database; SMTP tests start their own loopback server.
export default defineConfig({
  test: {
    globalSetup: ['../db/src/test-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
