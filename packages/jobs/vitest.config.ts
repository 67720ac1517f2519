import { defineConfig } from 'vitest/config';

// The runner's tests need a database: PGlite, or PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    globalSetup: ['../db/src/test-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
