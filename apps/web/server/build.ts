/**
 * Bundles the Express server for production into build/express/. Internal @parkside packages
 * (TypeScript source) are bundled in; every other package stays an import from node_modules.
 * Code splitting keeps development-only modules (the local OpenID provider) in their own chunk,
 * loaded only when development asks for them.
 */
import { build } from 'esbuild';
import { writeFile } from 'node:fs/promises';

/**
 * A benchmark build (PARKSIDE_BENCH_BUILD=1) goes to build-bench/build/. The package.json
 * written beside it makes build-bench/ the server's app root, so that server serves
 * build-bench/build/ and the normal build/ is left alone.
 */
const benchBuild = process.env.PARKSIDE_BENCH_BUILD === '1';
const outdir = benchBuild ? 'build-bench/build/express' : 'build/express';

await build({
  entryPoints: ['server/index.ts'],
  outdir,
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
if (benchBuild) {
  await writeFile(
    'build-bench/package.json',
    `${JSON.stringify({ private: true, type: 'module' }, null, 2)}\n`,
  );
}
console.info(`Built ${outdir}/index.js`);
