import { vitePlugin as remix } from '@remix-run/dev';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

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
      // Development-only pages (the mail outbox) are not part of a production build.
      ignoredRouteFiles: command === 'build' ? ['**/dev.*'] : [],
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
