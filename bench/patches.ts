/**
 * What each speed patch in `patches/` still buys (decision 054): the same production build served
 * by four servers that differ only in the copies of the routing packages they load:
 * - every patch applied (the project as it is);
 * - without `@remix-run/router`'s patch (route ranking kept per routes array, decisions 046, 050);
 * - without the React tree's two patches (`@remix-run/react`, `react-router-dom`: routes made once
 *   per build, decision 051);
 * - without any of the three.
 *
 * Each variant is a folder with its own `node_modules`: links to the repository's packages, except
 * the packages that load `@remix-run/router`, which are copied and have the variant's patches
 * undone (`patch -R`). The build's server entry is copied beside it, so Node resolves those
 * packages to the copies. The four servers share one fresh database with the demo data and are
 * loaded one at a time, in rounds whose order rotates, signed in as a driver (10 connections).
 *
 * A patch keeps its place while removing it costs at least MIN_GAIN of the requests/s over the
 * four pages (the geometric mean of their ratios: one page's round-to-round noise, about 10 % on
 * a 2-core machine, is averaged with the others'); otherwise this exits 1 and says which patch no longer pays for itself.
 *
 * Run from the repo root after `npm run build`: npm run bench:patches
 */
import postgres from 'postgres';
import { execFileSync, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshBenchDatabase, type BenchDatabase } from './marketplace/database';
import { BENCH_DRIVER_NAME, benchSessionCookie } from './marketplace/session';
import { BROWSER_HEADERS, loadRound, WARMUP_SECONDS } from './load';
import { printChecks, step, type Check } from './marketplace/stats';
import {
  cleanUpOnInterrupt,
  productionEntry,
  repoRoot,
  startProductionServer,
  stopServer,
  webRoot,
  runBenchmark,
} from './server';

/** Removing a patch must cost at least this share of some page's requests/s for it to stay. */
export const MIN_GAIN = 0.03;
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const ROUTER = '@remix-run+router+1.23.3.patch';
const REACT = '@remix-run+react+2.17.5.patch';
const ROUTER_DOM = 'react-router-dom+6.30.4.patch';

/** The packages that load `@remix-run/router` at run time: copied so they load the copy. */
const COPIED = [
  '@remix-run/router',
  '@remix-run/server-runtime',
  '@remix-run/node',
  '@remix-run/react',
  'react-router',
  'react-router-dom',
];

interface Variant {
  name: string;
  /** The patches undone in this variant. */
  undo: string[];
}

const VARIANTS: Variant[] = [
  { name: 'every patch', undo: [] },
  { name: `without ${ROUTER.replace('.patch', '')}`, undo: [ROUTER] },
  { name: 'without the React tree patches', undo: [REACT, ROUTER_DOM] },
  { name: 'without any routing patch', undo: [ROUTER, REACT, ROUTER_DOM] },
];

/** A folder whose node_modules loads the routing packages with `undo` reversed. */
function makeVariantTree(root: string, undo: string[]): string {
  const modules = join(repoRoot, 'node_modules');
  const target = join(root, 'node_modules');
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(modules)) {
    if (entry === '.bin' || entry.startsWith('.')) continue;
    if (entry.startsWith('@')) {
      mkdirSync(join(target, entry));
      for (const child of readdirSync(join(modules, entry))) {
        const name = `${entry}/${child}`;
        if (COPIED.includes(name))
          cpSync(join(modules, name), join(target, name), { recursive: true });
        else symlinkSync(join(modules, name), join(target, name));
      }
    } else if (COPIED.includes(entry)) {
      cpSync(join(modules, entry), join(target, entry), { recursive: true });
    } else {
      symlinkSync(join(modules, entry), join(target, entry));
    }
  }
  for (const patch of undo) {
    execFileSync('patch', ['-R', '-p1', '-s', '-d', root, '-i', join(repoRoot, 'patches', patch)]);
  }
  // The server finds the migrations and the demo photos from its own path.
  symlinkSync(join(repoRoot, 'drizzle'), join(root, 'drizzle'));
  const build = join(root, 'apps', 'web', 'build');
  cpSync(join(webRoot, 'build'), build, { recursive: true });
  return join(build, 'server', 'main.js');
}

async function rate(url: string, headers: Record<string, string>, seconds: number) {
  const { requests, seconds: took, errors } = await loadRound(url, headers, seconds);
  if (errors > 0) throw new Error(`GET ${url}: ${errors} failed requests.`);
  return requests / took;
}

let folder: string | undefined;
let database: BenchDatabase | undefined;
const servers: ChildProcess[] = [];
let cleaning: Promise<void> | undefined;

function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.all(servers.map((child) => stopServer(child)));
    await database
      ?.drop()
      .catch((error: unknown) => console.error('Could not drop the database:', error));
    if (folder) rmSync(folder, { recursive: true, force: true });
  })();
  return cleaning;
}
cleanUpOnInterrupt(cleanUp);

async function main(): Promise<number> {
  if (!existsSync(productionEntry)) {
    console.error('Run npm run build first.');
    return 1;
  }
  database = await freshBenchDatabase();
  const url = database.url;
  folder = mkdtempSync(join(tmpdir(), 'parkside-patches-'));
  const entries = await step('Making a folder of packages per variant', async () =>
    VARIANTS.map((variant, i) => makeVariantTree(join(folder!, String(i)), variant.undo)),
  );
  const origins: string[] = [];
  await step('Starting a server per variant (the first seeds the demo data)', async () => {
    for (const [i, entry] of entries.entries()) {
      const { origin } = await startProductionServer({
        serverEntry: entry,
        databaseUrl: url,
        env: { SEED_ON_START: i === 0 ? 'true' : 'false', STORAGE_DIR: join(folder!, 'storage') },
        onSpawn: (child) => servers.push(child),
      }).catch((error: unknown) => {
        throw new Error(`${VARIANTS[i]!.name}: ${error instanceof Error ? error.message : error}`);
      });
      origins.push(origin);
    }
  });
  const cookie = await benchSessionCookie(database.handle.db);
  const headers = { ...BROWSER_HEADERS, cookie };
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const [busiest] = await sql<{ event: string; listing: string }[]>`
    select event_id as event, min(id::text) as listing from listings
    where status = 'open' group by event_id order by count(*) desc limit 1`;
  await sql.end();
  if (!busiest) throw new Error('The demo data has no open listing.');
  const pages = {
    '/about': '/about',
    '/events': '/events',
    '/rent?event=': `/rent?event=${busiest.event}`,
    'a driveway page': `/rent/${busiest.listing}`,
  };
  for (const origin of origins) {
    for (const path of Object.values(pages)) {
      const response = await fetch(origin + path, { headers });
      const html = await response.text();
      if (response.status !== 200 || !html.includes(BENCH_DRIVER_NAME)) {
        throw new Error(
          `GET ${origin}${path} answered ${response.status} without the driver's name.`,
        );
      }
    }
  }

  const totals = VARIANTS.map(() => Object.fromEntries(Object.keys(pages).map((p) => [p, 0])));
  process.stdout.write(`Warming up (${WARMUP_SECONDS} s per page and variant)... `);
  for (const origin of origins) {
    for (const path of Object.values(pages)) await rate(origin + path, headers, WARMUP_SECONDS);
  }
  console.log('done');
  for (let round = 0; round < ROUNDS; round++) {
    for (const [label, path] of Object.entries(pages)) {
      for (let k = 0; k < VARIANTS.length; k++) {
        const i = (k + round) % VARIANTS.length;
        const perSecond = await rate(origins[i]! + path, headers, ROUND_SECONDS);
        totals[i]![label]! += perSecond / ROUNDS;
        console.log(
          `  round ${round + 1}: ${label.padEnd(16)} ${VARIANTS[i]!.name.padEnd(40)} ${perSecond.toFixed(0)}/s`,
        );
      }
    }
  }

  const checks: Check[] = [];
  const all = totals[0]!;
  for (let i = 1; i < VARIANTS.length; i++) {
    const gains = Object.keys(pages).map((page) => ({
      page,
      gain: all[page]! / totals[i]![page]! - 1,
    }));
    const mean = Math.exp(
      gains.reduce((sum, { gain }) => sum + Math.log(1 + gain), 0) / gains.length,
    );
    checks.push({
      name: `Requests/s with every patch : ${VARIANTS[i]!.name}, mean of the pages`,
      value: mean.toFixed(3),
      target: `>= ${(1 + MIN_GAIN).toFixed(2)}`,
      pass: mean >= 1 + MIN_GAIN,
      detail: gains
        .map(
          ({ page, gain }) =>
            `${page} ${totals[i]![page]!.toFixed(0)} → ${all[page]!.toFixed(0)} (${gain >= 0 ? '+' : ''}${(gain * 100).toFixed(1)} %)`,
        )
        .join(', '),
    });
  }
  console.log('');
  printChecks(checks);
  const failed = checks.filter((c) => !c.pass);
  if (failed.length > 0) {
    console.log(
      `\nFAIL: within ${MIN_GAIN * 100} % over the pages, no longer worth its patch: ${failed.map((c) => c.name).join('; ')}.`,
    );
    return 1;
  }
  console.log('\nPASS: every routing patch still pays for itself.');
  return 0;
}

await runBenchmark(main, cleanUp);
