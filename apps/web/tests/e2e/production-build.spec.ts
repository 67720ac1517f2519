import { expect, test } from './fixtures';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Every JavaScript file the production server can load: build/server and its chunks. */
async function serverFiles(): Promise<{ path: string; text: string }[]> {
  const entries = await readdir('build/server', { recursive: true });
  const scripts = entries.filter((entry) => entry.endsWith('.js'));
  return Promise.all(
    scripts.map(async (entry) => ({
      path: entry,
      text: await readFile(join('build/server', entry), 'utf8'),
    })),
  );
}

test.describe('the production build', () => {
  test('holds one copy of each internal package, shared by Express and every route', async () => {
    const files = await serverFiles();
    // A second copy of a module is bundled as a renamed twin (`class AppError$1`).
    const definitions = (pattern: RegExp) =>
      files.flatMap(({ path, text }) => [...text.matchAll(pattern)].map(() => path));
    expect(definitions(/\bclass AppError(\$\d+)? extends Error\b/g)).toHaveLength(1);
    expect(definitions(/\bfunction createDatabase(\$\d+)?\(/g)).toHaveLength(1);
    expect(definitions(/\bfunction createRateLimits(\$\d+)?\(/g)).toHaveLength(1);
    // The Express entry and the Remix app import that one copy from the same chunk.
    const main = files.find(({ path }) => path === 'main.js');
    const app = files.find(({ path }) => path === 'index.js');
    const chunkOf = (text = '') => /from "\.\/(assets\/server-build-[^"]+\.js)"/.exec(text)?.[1];
    expect(chunkOf(main?.text)).toBeDefined();
    expect(chunkOf(main?.text)).toBe(chunkOf(app?.text));
  });

  test('contains no development tools', async () => {
    for (const { path, text } of await serverFiles()) {
      expect(text, path).not.toContain('oidc-provider');
      expect(text, path).not.toContain('@parkside/dev-oidc');
      expect(text, path).not.toMatch(/from "vite"/);
    }
  });

  test('the pages a driver opens on game day load no zod in the browser', async () => {
    // The route manifest names each route's chunks (build/client/assets/manifest-*.js).
    const assets = 'build/client/assets';
    const manifestFile = (await readdir(assets)).find((f) => /^manifest-.*\.js$/.test(f))!;
    const manifest = JSON.parse(
      (await readFile(join(assets, manifestFile), 'utf8')).replace(
        /^window\.__remixManifest=|;$/g,
        '',
      ),
    ) as { routes: Record<string, { module: string; imports?: string[] }> };
    for (const route of [
      'root',
      'routes/_index',
      'routes/events',
      'routes/rent',
      'routes/rent_.$listingId',
      'routes/my-bookings',
      'routes/bookings.$bookingId.pass',
    ]) {
      const entry = manifest.routes[route];
      expect(entry, route).toBeDefined();
      for (const chunk of [entry!.module, ...(entry!.imports ?? [])]) {
        const text = await readFile(join('build/client', chunk), 'utf8');
        // zod's error class, in every build of it (about 90 kB of script to parse on a phone).
        expect(text, `${route}: ${chunk}`).not.toMatch(/ZodError|\$ZodError/);
      }
    }
  });
});
