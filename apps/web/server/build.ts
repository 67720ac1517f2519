/**
 * Bundles the Express server for production into build/express/. Internal @parkside packages
 * (TypeScript source) are bundled in; every other package stays an import from node_modules.
 * Code splitting keeps development-only modules (the local OpenID provider) in their own chunk,
 * loaded only when development asks for them.
 */
import { build } from 'esbuild';

await build({
  entryPoints: ['server/index.ts'],
  outdir: 'build/express',
  entryNames: 'index',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-third-party',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@parkside/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
console.info('Built build/express/index.js');
