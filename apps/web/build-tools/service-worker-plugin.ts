import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';

/** What the worker precaches: the build's scripts and styles, the manifest and the icons. */
const PRECACHED = /^(assets\/.+\.(js|css)|manifest\.webmanifest|icons\/.+\.png)$/;

async function filesUnder(root: string, dir = root): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? filesUnder(root, join(dir, entry.name)) : [join(dir, entry.name)],
    ),
  );
  return nested.flat().map((file) => (file.startsWith(root) ? file : join(root, file)));
}

/**
 * Builds app/sw/service-worker.ts into the client build as /sw.js once the client bundle is
 * written (decision 042), with the list of files to precache in place of `self.__WB_MANIFEST`,
 * as Workbox's injectManifest would. Fingerprinted assets need no revision; the rest carry a
 * hash of their bytes, so a changed icon is fetched again.
 */
export function serviceWorker({ entry }: { entry: string }): Plugin {
  let clientDir: string | null = null;
  let minify = true;
  return {
    name: 'parkside:service-worker',
    apply: 'build',
    configResolved(config) {
      clientDir = config.build.ssr ? null : config.build.outDir;
      minify = Boolean(config.build.minify);
    },
    async closeBundle() {
      if (!clientDir) return;
      const root = clientDir;
      const files = (await filesUnder(root))
        .map((file) => relative(root, file).split('\\').join('/'))
        .filter((file) => PRECACHED.test(file))
        .sort();
      const manifest = await Promise.all(
        files.map(async (file) => ({
          url: `/${file}`,
          revision: file.startsWith('assets/')
            ? null
            : createHash('sha256')
                .update(await readFile(join(root, file)))
                .digest('hex')
                .slice(0, 16),
        })),
      );
      const build_ = createHash('sha256').update(JSON.stringify(manifest)).digest('hex');
      await build({
        entryPoints: [entry],
        outfile: join(root, 'sw.js'),
        bundle: true,
        format: 'iife',
        target: 'es2022',
        minify,
        legalComments: 'none',
        define: {
          'self.__WB_MANIFEST': JSON.stringify(manifest),
          PARKSIDE_BUILD: JSON.stringify(build_.slice(0, 16)),
          'process.env.NODE_ENV': JSON.stringify(minify ? 'production' : 'development'),
        },
        logLevel: 'warning',
      });
    },
  };
}
