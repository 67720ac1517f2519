import { vitePlugin as remix } from '@remix-run/dev';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * A benchmark build (PARKSIDE_BENCH_BUILD=1, see bench/marketplace/): adds the bench.* baseline
 * pages and goes to build-bench/, so the normal build never contains them.
 */
const benchBuild = process.env.PARKSIDE_BENCH_BUILD === '1';

export default defineConfig(({ command }) => ({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  // Internal packages ship TypeScript source: bundle them into the server build.
  ssr: { noExternal: [/^@parkside\//] },
  build: { target: 'es2022', cssMinify: true },
  plugins: [
    tailwindcss(),
    remix({
      // Development-only pages (the mail outbox) are not part of a production build; benchmark
      // baselines only of a benchmark build.
      ignoredRouteFiles: [
        ...(command === 'build' ? ['**/dev.*'] : []),
        ...(benchBuild ? [] : ['**/bench.*']),
      ],
      buildDirectory: benchBuild ? 'build-bench/build' : 'build',
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
}));
