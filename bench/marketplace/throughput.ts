/**
 * /rent?event=ID with 200 listings against a minimal Remix page (/bench/minimal), both served
 * by the same production server: a benchmark build of apps/web (PARKSIDE_BENCH_BUILD=1, in
 * apps/web/build-bench/) started with `node` on its server entry and the bench database.
 * Requests/s of each with the same keep-alive connections; rounds alternate so drift in the
 * machine's load hits both pages alike.
 *
 * Measured three ways: as the issue asks (signed-out visitors, whom the server answers from its
 * page cache, decision 020); the same while a booking of the event changes ten times a second
 * (each change drops the kept page); and with the page cache off, every request rendered.
 */
import { LISTING_PAGE_SIZE } from '@parkside/validators';
import autocannon from 'autocannon';
import type postgres from 'postgres';
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort, spawnProductionServer, stopServer, waitForHealth } from '../server';
import { eventId, RENT_EVENT, RENT_LISTINGS } from './seed';
import type { Check } from './stats';

/** /rent must serve at least this share of the minimal page's requests/s. */
export const RENT_RATIO_TARGET = 0.8;
const CONNECTIONS = 10;
const WARMUP_SECONDS = 3;
const ROUND_SECONDS = 8;
const ROUNDS = 3;
/** What a browser sends; the server compresses as it would for one. */
const HEADERS = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const webRoot = join(repoRoot, 'apps', 'web');
const serverEntry = join(webRoot, 'build-bench', 'build', 'server', 'main.js');

let server: ChildProcess | undefined;
let serverOutput = '';

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    let output = '';
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });
}

/** The benchmark build: the production build plus the bench.* baseline page. */
export function buildBenchSite(): Promise<void> {
  return run('npm', ['run', 'build:bench'], webRoot, { ...process.env });
}

async function startServer(
  databaseUrl: string,
  port: number,
  env: NodeJS.ProcessEnv = {},
): Promise<string> {
  const { child, origin } = spawnProductionServer({
    serverEntry,
    cwd: webRoot,
    databaseUrl,
    port,
    env,
    onOutput: (chunk) => (serverOutput += chunk),
  });
  server = child;

  try {
    await waitForHealth(child, origin);
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : error}\n${serverOutput}`);
  }
  return origin;
}

export async function stopRentServers(): Promise<void> {
  const child = server;
  server = undefined;
  await stopServer(child);
}

/** Fetches a page once and checks it is the page meant to be measured. */
async function checkPage(url: string, mustContain: string, count?: [string, number]) {
  const response = await fetch(url, { headers: HEADERS });
  const html = await response.text();
  if (response.status !== 200 || !html.includes(mustContain)) {
    throw new Error(`GET ${url} answered ${response.status} without "${mustContain}".`);
  }
  if (count) {
    const found = html.split(count[0]).length - 1;
    if (found !== count[1]) {
      throw new Error(`GET ${url}: ${found} times "${count[0]}", expected ${count[1]}.`);
    }
  }
  return { bytes: Buffer.byteLength(html) };
}

interface Round {
  requests: number;
  seconds: number;
  errors: number;
}

async function load(url: string, seconds: number): Promise<Round> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: HEADERS,
  });
  return {
    requests: result.requests.total,
    seconds: result.duration,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** How often the churning figure changes the /rent event's parking. */
const CHURN_EVERY_MS = 100;

interface Rates {
  rent: number;
  minimal: number;
  errors: number;
}

/** Warms both pages up, then measures them in alternating rounds. */
async function measurePages(rentUrl: string, minimalUrl: string): Promise<Rates> {
  process.stdout.write(`  warming up (${WARMUP_SECONDS} s each)... `);
  await load(minimalUrl, WARMUP_SECONDS);
  await load(rentUrl, WARMUP_SECONDS);
  console.log('done');
  const totals = {
    rent: { requests: 0, seconds: 0, errors: 0 },
    minimal: { requests: 0, seconds: 0, errors: 0 },
  };
  for (let round = 1; round <= ROUNDS; round++) {
    // Alternate which page goes first, so neither always follows the other.
    const order = round % 2 === 1 ? (['minimal', 'rent'] as const) : (['rent', 'minimal'] as const);
    for (const page of order) {
      const result = await load(page === 'rent' ? rentUrl : minimalUrl, ROUND_SECONDS);
      totals[page].requests += result.requests;
      totals[page].seconds += result.seconds;
      totals[page].errors += result.errors;
      console.log(
        `  round ${round}: ${page === 'rent' ? '/rent        ' : '/bench/minimal'} ${(result.requests / result.seconds).toFixed(0)} requests/s`,
      );
    }
  }
  return {
    rent: totals.rent.requests / totals.rent.seconds,
    minimal: totals.minimal.requests / totals.minimal.seconds,
    errors: totals.rent.errors + totals.minimal.errors,
  };
}

/**
 * Cancels and re-confirms one booking of the /rent event every CHURN_EVERY_MS (its "spaces
 * left" goes up and down) until stopped; returns how many changes were made.
 */
function churn(sql: postgres.Sql, event: string): () => Promise<number> {
  let changes = 0;
  let running = true;
  const done = (async () => {
    const [booking] = await sql<{ id: string }[]>`
      select id from bookings where event_id = ${event} limit 1`;
    if (!booking) throw new Error('The /rent event has no booking to change.');
    while (running) {
      await sql`update bookings
        set status = case when status = 'confirmed' then 'cancelled'::booking_status
          else 'confirmed'::booking_status end
        where id = ${booking.id}`;
      changes += 1;
      await new Promise((resolve) => setTimeout(resolve, CHURN_EVERY_MS));
    }
    // Leave it as it was.
    if (changes % 2 === 1) {
      await sql`update bookings set status = 'confirmed' where id = ${booking.id}`;
    }
  })();
  return async () => {
    running = false;
    await done;
    return changes;
  };
}

function ratioCheck(name: string, rates: Rates, informational: boolean, extra = ''): Check {
  const ratio = rates.rent / rates.minimal;
  return {
    name,
    value: ratio.toFixed(2),
    target: informational ? '-' : `>= ${RENT_RATIO_TARGET}`,
    pass: (informational || ratio >= RENT_RATIO_TARGET) && rates.errors === 0,
    informational,
    detail: `/rent ${rates.rent.toFixed(0)}/s, minimal ${rates.minimal.toFixed(0)}/s${extra}${rates.errors ? `, ${rates.errors} failed requests` : ''}`,
  };
}

export async function benchRent(databaseUrl: string, sql: postgres.Sql): Promise<Check[]> {
  process.stdout.write('Building the site with the benchmark baseline page (build:bench)... ');
  const start = Date.now();
  await buildBenchSite();
  console.log(`${((Date.now() - start) / 1000).toFixed(1)} s`);

  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await findFreePort();
  const event = eventId(RENT_EVENT);
  const pages = async (env: NodeJS.ProcessEnv) => {
    const origin = await startServer(databaseUrl, port, env);
    const rentUrl = `${origin}/rent?event=${event}`;
    const minimalUrl = `${origin}/bench/minimal`;
    // The first page of cards is rendered; the rest come with "Show more".
    const rentPage = await checkPage(rentUrl, 'Show more driveways', [
      '<article',
      LISTING_PAGE_SIZE,
    ]);
    const minimalPage = await checkPage(minimalUrl, 'Benchmark baseline');
    console.log(
      `Server up at ${origin} (production build, bench database, PAGE_CACHE=${env.PAGE_CACHE}).`,
    );
    console.log(
      `  /rent: ${(rentPage.bytes / 1024).toFixed(0)} kB of HTML; minimal page: ${(minimalPage.bytes / 1024).toFixed(0)} kB`,
    );
    return { rentUrl, minimalUrl };
  };
  const label = `/rent (${RENT_LISTINGS} listings) requests/s : minimal page`;
  const checks: Check[] = [];

  const cached = await pages({ PAGE_CACHE: 'true' });
  console.log('Signed-out visitors (page cache on):');
  checks.push(
    ratioCheck(
      label,
      await measurePages(cached.rentUrl, cached.minimalUrl),
      false,
      ', page cache on',
    ),
  );
  console.log(`The same while a booking of the event changes every ${CHURN_EVERY_MS} ms:`);
  const stopChurn = churn(sql, event);
  const churning = await measurePages(cached.rentUrl, cached.minimalUrl);
  const changes = await stopChurn();
  checks.push(
    ratioCheck(`${label}, parking changing 10 times/s`, churning, true, `, ${changes} changes`),
  );
  await stopRentServers();

  const rendered = await pages({ PAGE_CACHE: 'false' });
  console.log('Every request rendered (page cache off):');
  checks.push(
    ratioCheck(
      `${label}, page cache off`,
      await measurePages(rendered.rentUrl, rendered.minimalUrl),
      true,
      `; ${CONNECTIONS} connections, ${ROUNDS} x ${ROUND_SECONDS} s per page`,
    ),
  );
  return checks;
}
