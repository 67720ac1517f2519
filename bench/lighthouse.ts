/**
 * Lighthouse benchmark: the production build of apps/web, served on loopback with a fresh seeded
 * database, scored by Lighthouse on /, /events and a driveway's page (/rent/LISTING_ID, with the
 * photos the seed draws), then, signed in as the demo driver with one booking of that driveway,
 * on My Bookings and the booking's parking pass, for mobile and desktop. Each page and form
 * factor runs RUNS times; the median of each category score is compared with TARGET.
 *
 * First, Chromium's installability verdict (manifest, icons, service worker; decision 042).
 *
 * Run from the repo root: npm run build && npm run bench:lighthouse
 * Exit code 0: every median score >= TARGET; 1: a score is below it or the benchmark failed.
 */
import { DEMO_ACCOUNTS } from '@parkside/auth';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cleanUpOnInterrupt,
  findFreePort,
  stopServer,
  waitForHealth,
  runBenchmark,
} from './server';

/** Every category score (0-100) must reach this. */
const TARGET = 95;
/** Runs per page and form factor; the median of each category is reported. */
const RUNS = 3;
/** An audit counts as failing below this score (Lighthouse's own "passed" line). */
const AUDIT_PASS = 0.9;
/** Attempts per run when Lighthouse reports a broken run (e.g. NO_NAVSTART) rather than scores. */
const RUN_ATTEMPTS = 3;

/** The pages scored; a driveway's page is found on the seeded site once it is up. */
const FIXED_PAGES = ['/', '/events'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type CategoryId = (typeof CATEGORIES)[number];
const CATEGORY_LABELS: Record<CategoryId, string> = {
  performance: 'Perf',
  accessibility: 'A11y',
  'best-practices': 'Best',
  seo: 'SEO',
};

type FormFactor = 'mobile' | 'desktop';
/** mobile: Lighthouse's default config (Moto G Power, simulated slow 4G); desktop: its preset. */
const FORM_FACTORS: { name: FormFactor; config: typeof desktopConfig | undefined }[] = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
];

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = join(repoRoot, 'apps', 'web');
const serverEntry = join(webRoot, 'build', 'server', 'main.js');

/** The parts of a Lighthouse result this benchmark reads. */
type RunnerResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;
type Lhr = RunnerResult['lhr'];

interface FailingAudit {
  title: string;
  displayValue: string | undefined;
  score: number;
}

interface CategoryResult {
  /** Median score, 0-100. */
  median: number;
  /** Every run's score, 0-100, in run order. */
  runs: number[];
  /** Failing weighted audits of the run whose score is the median. */
  failing: FailingAudit[];
}

interface Row {
  page: string;
  formFactor: FormFactor;
  categories: Record<CategoryId, CategoryResult>;
  warnings: string[];
}

// ---------------------------------------------------------------------------------------------
// Resources, cleaned up exactly once whatever happens.

let server: ChildProcess | undefined;
let serverOutput = '';
let chrome: LaunchedChrome | undefined;
let tempDir: string | undefined;
let cleaning: Promise<void> | undefined;

function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    try {
      chrome?.kill();
    } catch (error) {
      console.error('Could not stop Chromium:', error);
    }
    chrome = undefined;
    await stopServer(server);
    server = undefined;
    if (tempDir) {
      await rm(tempDir, { recursive: true, force: true, maxRetries: 3 }).catch((error: unknown) =>
        console.error(`Could not delete ${tempDir}:`, error),
      );
      tempDir = undefined;
    }
  })();
  return cleaning;
}

cleanUpOnInterrupt(cleanUp);

// ---------------------------------------------------------------------------------------------
// Server

/** The address of the first driveway's page of the first event on /events, as a driver finds it. */
async function drivewayPage(origin: string): Promise<string> {
  const linkIn = async (path: string, pattern: RegExp) => {
    const html = await fetch(new URL(path, origin)).then((response) => response.text());
    const found = pattern.exec(html)?.[1];
    if (!found) throw new Error(`No link matching ${pattern} on ${path}.`);
    return found.replaceAll('&amp;', '&');
  };
  const rent = await linkIn('/events', /href="(\/rent\?event=[^"]+)"/);
  return linkIn(rent, /href="(\/rent\/[0-9a-f-]{36})"/);
}

/** The Cookie header of a demo account signed in through the login form, as a browser would. */
async function signIn(origin: string, email: string, password: string): Promise<string> {
  const response = await fetch(new URL('/login', origin), {
    method: 'POST',
    redirect: 'manual',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.includes('='));
  if (response.status !== 302 || !cookie) {
    throw new Error(`Signing in as ${email} answered ${response.status} without a session.`);
  }
  return cookie;
}

/**
 * Signs the demo driver in inside Chromium (the session cookie, as the login form sets it) with
 * one booking of the driveway scored above, booked through the booking form. Answers the pages
 * a driver opens on game day: My Bookings and that booking's parking pass.
 */
async function driverPages(origin: string, drivewayPath: string, chromePort: number) {
  const driver = DEMO_ACCOUNTS.find((account) => account.id === 'demo-driver')!;
  const cookie = await signIn(origin, driver.email, driver.password);
  const listingId = drivewayPath.match(/[0-9a-f-]{36}/)?.[0] ?? '';
  const booked = await fetch(new URL(`/booking-confirmation?listing=${listingId}`, origin), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      listingId,
      licensePlate: '7LHS 095',
      vehicleDescription: 'Blue Subaru Outback',
      idempotencyKey: `lighthouse-${Date.now()}`,
    }),
  });
  const bookingId = booked.headers.get('location')?.match(/[0-9a-f-]{36}/)?.[0];
  if (booked.status !== 302 || !bookingId) {
    throw new Error(`Booking ${drivewayPath} as the demo driver answered ${booked.status}.`);
  }
  const [name = '', value = ''] = cookie.split('=');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  try {
    await browser.setCookie({ name, value, domain: new URL(origin).hostname, path: '/' });
  } finally {
    await browser.disconnect();
  }
  return ['/my-bookings', `/bookings/${bookingId}/pass`];
}

function startServer(port: number, dataDir: string): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PGLITE_DATA_DIR: dataDir,
    // A bench never calls out: no address search at Photon's public instance.
    GEOCODER_KIND: 'none',
    // The demo driveways' photos are stored here, beside the database, and go with it.
    STORAGE_DIR: join(dataDir, '..', 'storage'),
    SEED_ON_START: 'true',
    // Empty means "not set" to the server, and unlike a missing variable it also keeps a
    // DATABASE_URL in the root .env file (loaded without overriding) from being used.
    DATABASE_URL: '',
  };
  const child = spawn(process.execPath, [serverEntry], {
    cwd: webRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    serverOutput += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return child;
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 === 1
      ? sorted[middle]
      : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return value ?? 0;
}

/** Category score as 0-100; a category Lighthouse could not score (null) counts as 0. */
function categoryScore(lhr: Lhr, id: CategoryId): number {
  const score = lhr.categories[id]?.score;
  return typeof score === 'number' ? Math.round(score * 100) : 0;
}

function failingAudits(lhr: Lhr, id: CategoryId): FailingAudit[] {
  const category = lhr.categories[id];
  if (!category) return [];
  const failing: FailingAudit[] = [];
  for (const ref of category.auditRefs) {
    if (ref.weight <= 0) continue;
    const audit = lhr.audits[ref.id];
    if (!audit || typeof audit.score !== 'number' || audit.score >= AUDIT_PASS) continue;
    failing.push({ title: audit.title, displayValue: audit.displayValue, score: audit.score });
  }
  return failing.sort((a, b) => a.score - b.score);
}

/**
 * One Lighthouse run. A run Lighthouse itself reports as broken (a runtime error such as
 * NO_NAVSTART or NO_FCP, which a busy machine causes now and then) is retried, up to
 * RUN_ATTEMPTS in all; it says nothing about the page, so it is not counted as a score.
 */
async function runLighthouse(
  url: string,
  port: number,
  config: typeof desktopConfig | undefined,
): Promise<Lhr> {
  let problem = '';
  for (let attempt = 1; attempt <= RUN_ATTEMPTS; attempt++) {
    if (attempt > 1) process.stdout.write(`(${problem}; retrying) `);
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
      config,
    );
    if (!result) {
      problem = 'no result';
      continue;
    }
    const { lhr } = result;
    if (!lhr.runtimeError) return lhr;
    problem = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  }
  throw new Error(`Lighthouse failed on ${url} ${RUN_ATTEMPTS} times in a row: ${problem}`);
}

async function measure(
  origin: string,
  page: string,
  formFactor: (typeof FORM_FACTORS)[number],
  chromePort: number,
): Promise<Row> {
  const url = new URL(page, origin).toString();
  const results: Lhr[] = [];
  for (let run = 1; run <= RUNS; run++) {
    process.stdout.write(`  ${page} ${formFactor.name} run ${run}/${RUNS}... `);
    const lhr = await runLighthouse(url, chromePort, formFactor.config);
    results.push(lhr);
    console.log(
      CATEGORIES.map((id) => `${CATEGORY_LABELS[id]} ${categoryScore(lhr, id)}`).join(', '),
    );
  }
  const categories = {} as Record<CategoryId, CategoryResult>;
  for (const id of CATEGORIES) {
    const runs = results.map((lhr) => categoryScore(lhr, id));
    const value = median(runs);
    // With an odd number of runs the median is one run's score; explain that run.
    const representative = results[runs.indexOf(value)] ?? results[0];
    categories[id] = {
      median: value,
      runs,
      failing: representative ? failingAudits(representative, id) : [],
    };
  }
  const warnings = [...new Set(results.flatMap((lhr) => lhr.runWarnings.map(String)))];
  return { page, formFactor: formFactor.name, categories, warnings };
}

/**
 * Installability, as Lighthouse's former "installable manifest" audit checked it (Lighthouse 12
 * dropped its PWA category): Chromium's own verdict over the DevTools protocol, with no errors
 * in the manifest, and the service worker answering a page with no network (decision 042).
 */
async function installability(origin: string, chromePort: number): Promise<string[]> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  const page = await browser.newPage();
  try {
    await page.goto(new URL('/', origin).toString(), { waitUntil: 'load' });
    // Runs in the page (the DOM's types are not this Node project's).
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await page.reload({ waitUntil: 'load' });
    const cdp = await page.createCDPSession();
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const { errors: manifestErrors, url } = await cdp.send('Page.getAppManifest');
    const problems = [
      ...installabilityErrors.map(
        (error) =>
          `not installable: ${error.errorId}${error.errorArguments.map((a) => ` ${a.name}=${a.value}`).join('')}`,
      ),
      ...manifestErrors.map((error) => `manifest ${url}: ${error.message}`),
    ];
    // No network for the page and for its service worker (the worker makes its own requests).
    await page.setOfflineMode(true);
    const worker = await browser.waitForTarget(
      (target) => target.type() === 'service_worker' && target.url().startsWith(origin),
    );
    const workerSession = await worker.createCDPSession();
    await workerSession.send('Network.enable');
    await workerSession.send('Network.emulateNetworkConditions', {
      offline: true,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.goto(new URL('/events', origin).toString(), { waitUntil: 'load' });
    const title = await page.title();
    if (title !== 'No signal · Parkside') {
      problems.push(`with no network, /events showed "${title}" instead of the offline page`);
    }
    return problems;
  } finally {
    await page.close();
    await browser.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------
// Report

function printTable(rows: Row[]): void {
  const headers = ['Page', 'Form factor', ...CATEGORIES];
  const cells = rows.map((row) => [
    row.page,
    row.formFactor,
    ...CATEGORIES.map((id) => {
      const { median: value } = row.categories[id];
      return value < TARGET ? `${value} ✗` : String(value);
    }),
  ]);
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...cells.map((line) => (line[i] ?? '').length)),
  );
  const format = (line: string[]) =>
    line
      .map((cell, i) => (i < 2 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log(format(headers));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of cells) console.log(format(line));
}

function printFailures(rows: Row[]): void {
  for (const row of rows) {
    for (const id of CATEGORIES) {
      const { median: value, runs, failing } = row.categories[id];
      if (value >= TARGET) continue;
      console.log(
        `\n${row.page} (${row.formFactor}) ${id}: ${value} (runs: ${runs.join(', ')}; median run's failing audits)`,
      );
      if (failing.length === 0) {
        console.log('  (no weighted audit scored below 0.9; the score is a sum of near misses)');
      }
      for (const audit of failing) {
        const shown = audit.displayValue ? `: ${audit.displayValue}` : '';
        console.log(`  - ${audit.title}${shown} (score ${audit.score.toFixed(2)})`);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Main

async function main(): Promise<number> {
  console.log(`Target: every score >= ${TARGET}`);
  console.log(
    `Median of ${RUNS} Lighthouse runs per page and form factor (mobile: simulated throttling).\n`,
  );

  if (!existsSync(serverEntry)) {
    console.log('Run npm run build first.');
    return 1;
  }

  tempDir = await mkdtemp(join(tmpdir(), 'parkside-lighthouse-'));
  const port = await findFreePort();
  const origin = `http://127.0.0.1:${port}`;
  server = startServer(port, join(tempDir, 'db'));
  try {
    await waitForHealth(server, origin);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error(`Server output:\n${serverOutput || '(none)'}`);
    return 1;
  }
  console.log(`Server up at ${origin} (production build, fresh seeded PGlite database).`);

  const preferred = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  // Inside the temp folder, so the profile goes with it (chrome-launcher wants it to exist).
  const userDataDir = join(tempDir, 'chrome-profile');
  await mkdir(userDataDir);
  chrome = await launch({
    chromePath: existsSync(preferred) ? preferred : undefined,
    chromeFlags: CHROME_FLAGS,
    userDataDir,
    logLevel: 'silent',
    // Its own Ctrl-C handler exits at once; ours stops Chromium, the server and the temp folder.
    handleSIGINT: false,
  });
  console.log(`Chromium up (DevTools port ${chrome.port}).\n`);

  const driveway = await drivewayPage(origin);
  const publicPages = [...FIXED_PAGES, driveway];
  // One plain request per page first, so no run pays for the server's first render.
  for (const page of publicPages) {
    await fetch(new URL(page, origin)).then((response) => response.arrayBuffer());
  }

  const notInstallable = await installability(origin, chrome.port);
  console.log(
    notInstallable.length === 0
      ? 'Installable: Chromium reports no installability or manifest errors; offline, /events shows the offline page.\n'
      : `Not installable:\n${notInstallable.map((line) => `  - ${line}`).join('\n')}\n`,
  );

  const rows: Row[] = [];
  const score = async (pages: string[]) => {
    for (const page of pages) {
      for (const formFactor of FORM_FACTORS) {
        rows.push(await measure(origin, page, formFactor, chrome!.port));
      }
    }
  };
  await score(publicPages);
  // Lighthouse keeps cookies between runs: from here on Chromium is the signed-in driver.
  const signedIn = await driverPages(origin, driveway, chrome.port);
  console.log(`\nSigned in as the demo driver, with a booking of ${driveway}:`);
  await score(signedIn);

  console.log(`\nTarget: every score >= ${TARGET}\n`);
  printTable(rows);
  printFailures(rows);
  const warnings = [...new Set(rows.flatMap((row) => row.warnings))];
  if (warnings.length > 0) {
    console.log('\nLighthouse warnings:');
    for (const warning of warnings) console.log(`  - ${warning}`);
  }

  const below = rows.flatMap((row) =>
    CATEGORIES.filter((id) => row.categories[id].median < TARGET).map(
      (id) => `${row.page} ${row.formFactor} ${id}`,
    ),
  );
  if (below.length > 0 || notInstallable.length > 0) {
    if (below.length > 0) {
      console.log(`\nFAIL: ${below.length} score(s) below ${TARGET}: ${below.join('; ')}.`);
    }
    if (notInstallable.length > 0) console.log('\nFAIL: the site is not installable (above).');
    return 1;
  }
  console.log(`\nPASS: every median score is >= ${TARGET}, and the site is installable.`);
  return 0;
}

await runBenchmark(main, cleanUp, () => {
  if (serverOutput) console.error(`Server output:\n${serverOutput}`);
});
