import { defineConfig } from 'vitest/config';

// No globalSetup: this package needs no database. SMTP tests start their own loopback server.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
