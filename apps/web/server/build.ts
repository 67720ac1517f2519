/**
 * Bundles the Express server for production into build/server.js. Internal @parkside packages
 * (TypeScript source) are bundled in; every other package stays an import from node_modules.
 */
import { build } from 'esbuild';

await build({
  entryPoints: ['server/index.ts'],
  outfile: 'build/server.js',
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
console.info('Built build/server.js');
