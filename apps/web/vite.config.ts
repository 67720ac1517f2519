import { vitePlugin as remix } from '@remix-run/dev';
import tailwindcss from '@tailwindcss/vite';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { serviceWorker } from './build-tools/service-worker-plugin';

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
const buildDirectory = benchBuild ? 'build-bench/build' : 'build';

/** The internal packages: TypeScript source, one copy per process (decision 021). */
const INTERNAL = /^@parkside\//;
const internalPackages = Object.keys(
  (
    JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
      dependencies: Record<string, string>;
    }
  ).dependencies,
).filter((name) => INTERNAL.test(name));

/**
 * Builds the Express server (server/main.ts) in the same SSR build as the Remix app: one bundle,
 * build/server/main.js beside the app's index.js, sharing one copy of every module. Two bundles
 * would each carry their own copy of the internal packages.
 */
function expressServerEntry(): Plugin {
  return {
    name: 'parkside:express-server-entry',
    apply: 'build',
    configResolved(config) {
      if (!config.build.ssr) return;
      const rollup = config.build.rollupOptions;
      const app = rollup.input as string;
      rollup.input = {
        index: app,
        main: fileURLToPath(new URL('./server/main.ts', import.meta.url)),
      };
      rollup.output = { ...(rollup.output as object), entryFileNames: '[name].js' };
    },
    async closeBundle() {
      // The package.json beside a benchmark build makes build-bench/ that server's app root, so
      // it serves build-bench/build/ and the normal build/ is left alone.
      if (benchBuild) {
        const json = `${JSON.stringify({ private: true, type: 'module' }, null, 2)}\n`;
        await writeFile('build-bench/package.json', json);
      }
    },
  };
}

export default defineConfig(({ command }) => ({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  // Internal packages ship TypeScript source. The build bundles them; in development Node loads
  // them (through tsx) for the server and the routes alike, so both see the same modules.
  ssr: command === 'build' ? { noExternal: [INTERNAL] } : { external: internalPackages },
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
      buildDirectory,
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    expressServerEntry(),
    serviceWorker({ entry: fileURLToPath(new URL('./app/sw/service-worker.ts', import.meta.url)) }),
  ],
}));
