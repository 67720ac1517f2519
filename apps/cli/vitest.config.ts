import { defineConfig } from 'vitest/config';

// Its own config, so a vitest.config.ts in a folder above a checkout is never picked up instead.
export default defineConfig({ test: {} });
