import { defineConfig } from 'vitest/config';

// No database here: the HTTP routes are tested in apps/web, the procedures in packages/api.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
