/**
 * /rent?event=ID with 200 listings, one driveway's page (/rent/LISTING_ID) of that event,
 * /events and the home page against a minimal Remix page (/bench/minimal); signed in, also the
 * pages a driver opens on game day, My Bookings and a booking's parking pass. All served by the
 * same production server: a benchmark build of apps/web
 * (PARKSIDE_BENCH_BUILD=1, in apps/web/build-bench/) started with `node` on its server entry and
 * the bench database. Requests/s of each with the same keep-alive connections; the order of the
 * pages rotates from round to round so drift in the machine's load hits them alike.
 *
 * Measured as a signed-out visitor and as a signed-in driver (each page against the minimal page
 * requested the same way, so both carry the same frame: the session, the header's menu); the
 * same while a booking of the /rent event changes ten times a second (each change drops what
 * was kept of that event); and with the page cache off, every request rendered.
 */
import { LISTING_PAGE_SIZE } from '@parkside/validators';
import type { Database } from '@parkside/db';
import type postgres from 'postgres';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { BROWSER_HEADERS, CONNECTIONS, loadRound, WARMUP_SECONDS } from '../load';
import { findFreePort, startProductionServer, stopServer, webRoot } from '../server';
import { eventId, RENT_EVENT, RENT_LISTINGS } from './seed';
import {
  BENCH_DRIVER_BOOKINGS,
  BENCH_DRIVER_NAME,
  benchDriverBookings,
  benchSessionCookie,
} from './session';
import type { Check } from './stats';

/** Each page measured must serve at least this share of the minimal page's requests/s. */
export const PAGE_RATIO_TARGET = 0.8;
const ROUND_SECONDS = 8;
const ROUNDS = 3;

const serverEntry = join(webRoot, 'build-bench', 'build', 'server', 'main.js');

let server: ChildProcess | undefined;

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
  const { origin } = await startProductionServer({
    serverEntry,
    databaseUrl,
    port,
    env,
    onSpawn: (child) => (server = child),
  });
  return origin;
}

export async function stopRentServers(): Promise<void> {
  const child = server;
  server = undefined;
  await stopServer(child);
}

/** Fetches a page once and checks it is the page meant to be measured. */
async function checkPage(
  url: string,
  headers: Record<string, string>,
  mustContain: string[],
  count?: [string, number],
) {
  const response = await fetch(url, { headers });
  const html = await response.text();
  const missing = mustContain.find((text) => !html.includes(text));
  if (response.status !== 200 || missing !== undefined) {
    throw new Error(`GET ${url} answered ${response.status} without "${missing}".`);
  }
  if (count) {
    const found = html.split(count[0]).length - 1;
    if (found !== count[1]) {
      throw new Error(`GET ${url}: ${found} times "${count[0]}", expected ${count[1]}.`);
    }
  }
  return { bytes: Buffer.byteLength(html) };
}

/** How often the churning figure changes the /rent event's parking. */
const CHURN_EVERY_MS = 100;

type PageName = 'minimal' | 'rent' | 'driveway' | 'events' | 'home' | 'myBookings' | 'pass';
const PATH_LABEL: Record<PageName, string> = {
  minimal: '/bench/minimal',
  rent: '/rent',
  driveway: '/rent/LISTING',
  events: '/events',
  home: '/',
  myBookings: '/my-bookings',
  pass: '/bookings/BOOKING/pass',
};

/**
 * Mean requests/s of each page measured, the failed requests of all of them, and each page's
 * ratio to the minimal page round by round.
 */
type Rates = Partial<Record<PageName, number>> & {
  minimal: number;
  errors: number;
  ratios: Partial<Record<PageName, number[]>>;
};

interface Target {
  url: string;
  headers: Record<string, string>;
  label: string;
}

/**
 * Warms each target up, then measures them in rounds, each round in another order (so drift in
 * the machine's load hits them alike). Answers requests/s of each and the failed requests of all.
 */
async function measureTargets<Name extends string>(
  targets: Record<Name, Target>,
): Promise<{ rates: Record<Name, number>; errors: number }> {
  const names = Object.keys(targets) as Name[];
  process.stdout.write(`  warming up (${WARMUP_SECONDS} s each)... `);
  for (const name of names)
    await loadRound(targets[name].url, targets[name].headers, WARMUP_SECONDS);
  console.log('done');
  const totals = new Map(names.map((name) => [name, { requests: 0, seconds: 0 }]));
  let errors = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const order = names.map((_, i) => names[(i + round) % names.length]!);
    for (const name of order) {
      const { url, headers, label } = targets[name];
      const result = await loadRound(url, headers, ROUND_SECONDS);
      const total = totals.get(name)!;
      total.requests += result.requests;
      total.seconds += result.seconds;
      errors += result.errors;
      console.log(
        `  round ${round + 1}: ${label.padEnd(24)} ${(result.requests / result.seconds).toFixed(0)} requests/s`,
      );
    }
  }
  const rates = Object.fromEntries(
    [...totals].map(([name, total]) => [name, total.requests / total.seconds]),
  ) as Record<Name, number>;
  return { rates, errors };
}

/** Each page's round stands between two rounds of the minimal page, this long each. */
const PAIRED_ROUND_SECONDS = 5;
/** Rounds of pages against the minimal page: each page's ratio is the median of its rounds'. */
const PAIRED_ROUNDS = 5;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * The pages measured with the same headers, each against the minimal page measured just before
 * and just after it (minimal, page, minimal, next page, minimal, ...; the order of the pages
 * rotates from round to round). A round's ratio is the page's requests/s over the mean of the
 * two minimal rounds beside it, and the page's ratio is the median of its rounds': this 2-core
 * machine's speed drifts by 10-20% within a minute, and a ratio of rounds measured apart moved
 * with it, where two neighbouring rounds see the same machine.
 */
async function measurePages(
  urls: Partial<Record<PageName, string>> & { minimal: string },
  headers: Record<string, string>,
): Promise<Rates> {
  const pages = (Object.keys(urls) as PageName[]).filter((page) => page !== 'minimal');
  process.stdout.write(`  warming up (${WARMUP_SECONDS} s each)... `);
  for (const page of ['minimal', ...pages] as const)
    await loadRound(urls[page]!, headers, WARMUP_SECONDS);
  console.log('done');
  let errors = 0;
  const rate = async (page: PageName) => {
    const result = await loadRound(urls[page]!, headers, PAIRED_ROUND_SECONDS);
    errors += result.errors;
    return result.requests / result.seconds;
  };
  const minimalRates: number[] = [];
  const pageRates = new Map(pages.map((page) => [page, [] as number[]]));
  const ratios = new Map(pages.map((page) => [page, [] as number[]]));
  for (let round = 0; round < PAIRED_ROUNDS; round++) {
    let before = await rate('minimal');
    minimalRates.push(before);
    const order = pages.map((_, i) => pages[(i + round) % pages.length]!);
    const line: string[] = [];
    for (const page of order) {
      const perSecond = await rate(page);
      const after = await rate('minimal');
      minimalRates.push(after);
      pageRates.get(page)!.push(perSecond);
      ratios.get(page)!.push(perSecond / ((before + after) / 2));
      line.push(`${PATH_LABEL[page]} ${perSecond.toFixed(0)}/s`);
      before = after;
    }
    console.log(
      `  round ${round + 1}: ${line.join(', ')}; minimal ${minimalRates
        .slice(-order.length - 1)
        .map((r) => r.toFixed(0))
        .join(', ')}/s`,
    );
  }
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const rates: Rates = { minimal: mean(minimalRates), errors, ratios: {} };
  for (const page of pages) {
    rates[page] = mean(pageRates.get(page)!);
    rates.ratios[page] = ratios.get(page)!;
  }
  return rates;
}

/** Being signed in must cost at most a tenth of a request's capacity (decision 040). */
export const SESSION_RATIO_TARGET = 0.9;

/**
 * The cost of being signed in: the minimal page with the session cookie against without it,
 * and `event.list` over HTTP with the cookie against an anonymous call, measured together.
 */
async function sessionCost(origin: string, cookie: string): Promise<Check[]> {
  const list = `${origin}/api/trpc/event.list?input=${encodeURIComponent('{}')}`;
  const json = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
  const { rates, errors } = await measureTargets({
    pageOut: {
      url: `${origin}/bench/minimal`,
      headers: BROWSER_HEADERS,
      label: 'minimal, signed out',
    },
    pageIn: {
      url: `${origin}/bench/minimal`,
      headers: { ...BROWSER_HEADERS, cookie },
      label: 'minimal, signed in',
    },
    listOut: { url: list, headers: json, label: 'event.list, anonymous' },
    listIn: { url: list, headers: { ...json, cookie }, label: 'event.list, with cookie' },
  });
  const check = (name: string, signedIn: number, signedOut: number, what: string): Check => ({
    name,
    value: (signedIn / signedOut).toFixed(2),
    target: `>= ${SESSION_RATIO_TARGET}`,
    pass: signedIn / signedOut >= SESSION_RATIO_TARGET && errors === 0,
    detail: `${what}: ${signedIn.toFixed(0)}/s signed in, ${signedOut.toFixed(0)}/s signed out${errors ? `, ${errors} failed requests` : ''}`,
  });
  return [
    check(
      'Minimal page requests/s signed in : signed out',
      rates.pageIn,
      rates.pageOut,
      '/bench/minimal',
    ),
    check(
      'event.list requests/s with a session cookie : anonymous',
      rates.listIn,
      rates.listOut,
      'GET /api/trpc/event.list',
    ),
  ];
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
      select id from bookings where event_id = ${event} and driver_id is null limit 1`;
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

function ratioCheck(
  name: string,
  page: Exclude<PageName, 'minimal'>,
  rates: Rates,
  informational: boolean,
  extra = '',
): Check {
  const rate = rates[page] ?? 0;
  const rounds = rates.ratios[page] ?? [];
  const ratio = median(rounds);
  const spread = `rounds ${Math.min(...rounds).toFixed(2)}-${Math.max(...rounds).toFixed(2)}`;
  return {
    name,
    value: ratio.toFixed(2),
    target: informational ? '-' : `>= ${PAGE_RATIO_TARGET}`,
    pass: (informational || ratio >= PAGE_RATIO_TARGET) && rates.errors === 0,
    informational,
    detail: `${PATH_LABEL[page]} ${rate.toFixed(0)}/s, minimal ${rates.minimal.toFixed(0)}/s, ${spread}${extra}${rates.errors ? `, ${rates.errors} failed requests` : ''}`,
  };
}

export async function benchRent(
  databaseUrl: string,
  sql: postgres.Sql,
  db: Database,
): Promise<Check[]> {
  process.stdout.write('Building the site with the benchmark baseline page (build:bench)... ');
  const start = Date.now();
  await buildBenchSite();
  console.log(`${((Date.now() - start) / 1000).toFixed(1)} s`);

  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await findFreePort();
  const event = eventId(RENT_EVENT);
  // The driveway page of the /rent event's cheapest listing (the first card on /rent).
  const [listing] = await sql<{ id: string }[]>`
    select id from listings where event_id = ${event} and status = 'open'
    order by price_cents, id limit 1`;
  if (!listing) throw new Error('The /rent event has no open listing.');
  const signedIn = { ...BROWSER_HEADERS, cookie: await benchSessionCookie(db) };
  const bookingId = await benchDriverBookings(sql, event);
  const pages = async (env: NodeJS.ProcessEnv) => {
    const origin = await startServer(databaseUrl, port, env);
    const urls = {
      minimal: `${origin}/bench/minimal`,
      rent: `${origin}/rent?event=${event}`,
      driveway: `${origin}/rent/${listing.id}`,
      events: `${origin}/events`,
      home: `${origin}/`,
    };
    const driverUrls = {
      ...urls,
      myBookings: `${origin}/my-bookings`,
      pass: `${origin}/bookings/${bookingId}/pass`,
    };
    for (const [who, headers, frame] of [
      ['signed out', BROWSER_HEADERS, 'Sign In'],
      ['signed in', signedIn, BENCH_DRIVER_NAME],
    ] as const) {
      // The first page of cards is rendered; the rest come with "Show more".
      const rent = await checkPage(
        urls.rent,
        headers,
        [frame, 'Show more driveways'],
        ['<article', LISTING_PAGE_SIZE],
      );
      const driveway = await checkPage(urls.driveway, headers, [
        frame,
        'If your plans change',
        'What drivers say',
      ]);
      const events = await checkPage(urls.events, headers, [frame, 'More events']);
      const home = await checkPage(urls.home, headers, [frame, 'How Parkside works']);
      const minimal = await checkPage(urls.minimal, headers, [frame, 'Benchmark baseline']);
      const kB = (page: { bytes: number }) => `${(page.bytes / 1024).toFixed(0)} kB`;
      console.log(
        `  ${who}: /rent ${kB(rent)} of HTML, a driveway's page ${kB(driveway)}, /events ${kB(events)}, home ${kB(home)}, minimal page ${kB(minimal)}`,
      );
    }
    const myBookings = await checkPage(
      driverUrls.myBookings,
      signedIn,
      [BENCH_DRIVER_NAME, 'Show parking pass'],
      ['Show parking pass', BENCH_DRIVER_BOOKINGS],
    );
    const pass = await checkPage(driverUrls.pass, signedIn, [BENCH_DRIVER_NAME, 'Gate code']);
    console.log(
      `  the driver's: My Bookings ${(myBookings.bytes / 1024).toFixed(0)} kB, the pass ${(pass.bytes / 1024).toFixed(0)} kB`,
    );
    console.log(
      `Server up at ${origin} (production build, bench database, PAGE_CACHE=${env.PAGE_CACHE}).`,
    );
    return { urls, driverUrls };
  };
  const rentLabel = `/rent (${RENT_LISTINGS} listings) requests/s : minimal page`;
  const eventsLabel = '/events requests/s : minimal page';
  const drivewayLabel = "A driveway's page requests/s : minimal page";
  const homeLabel = 'The home page requests/s : minimal page';
  const checks: Check[] = [];

  const { urls: cached, driverUrls } = await pages({ PAGE_CACHE: 'true' });
  console.log('The cost of being signed in:');
  checks.push(...(await sessionCost(new URL(cached.minimal).origin, signedIn.cookie)));
  console.log('Signed-out visitors:');
  const signedOut = await measurePages(cached, BROWSER_HEADERS);
  checks.push(ratioCheck(`${rentLabel}, signed out`, 'rent', signedOut, false));
  checks.push(ratioCheck(`${drivewayLabel}, signed out`, 'driveway', signedOut, false));
  checks.push(ratioCheck(`${eventsLabel}, signed out`, 'events', signedOut, false));
  checks.push(ratioCheck(`${homeLabel}, signed out`, 'home', signedOut, false));
  console.log(`A signed-in driver with ${BENCH_DRIVER_BOOKINGS} bookings:`);
  const driver = await measurePages(driverUrls, signedIn);
  checks.push(ratioCheck(`${rentLabel}, signed in`, 'rent', driver, false));
  checks.push(ratioCheck(`${drivewayLabel}, signed in`, 'driveway', driver, false));
  checks.push(ratioCheck(`${eventsLabel}, signed in`, 'events', driver, false));
  checks.push(ratioCheck(`${homeLabel}, signed in`, 'home', driver, false));
  checks.push(
    ratioCheck(
      `My Bookings (${BENCH_DRIVER_BOOKINGS} bookings) requests/s : minimal page`,
      'myBookings',
      driver,
      false,
    ),
  );
  checks.push(
    ratioCheck("A booking's parking pass requests/s : minimal page", 'pass', driver, false),
  );

  console.log(`Both while a booking of the event changes every ${CHURN_EVERY_MS} ms:`);
  const stopChurn = churn(sql, event);
  const churnOut = await measurePages(
    { minimal: cached.minimal, rent: cached.rent },
    BROWSER_HEADERS,
  );
  const churnIn = await measurePages({ minimal: cached.minimal, rent: cached.rent }, signedIn);
  const changes = await stopChurn();
  const churnNote = `, ${changes} changes in both`;
  checks.push(
    ratioCheck(`${rentLabel}, signed out, parking changing 10 times/s`, 'rent', churnOut, true),
    ratioCheck(
      `${rentLabel}, signed in, parking changing 10 times/s`,
      'rent',
      churnIn,
      true,
      churnNote,
    ),
  );
  await stopRentServers();

  const { urls: rendered } = await pages({ PAGE_CACHE: 'false' });
  console.log('A signed-in driver, every request rendered (page cache off):');
  const renderedRates = await measurePages(rendered, signedIn);
  const how = `; ${CONNECTIONS} connections, ${PAIRED_ROUNDS} x ${PAIRED_ROUND_SECONDS} s per page`;
  checks.push(
    ratioCheck(`${rentLabel}, signed in, page cache off`, 'rent', renderedRates, true, how),
    ratioCheck(`${drivewayLabel}, signed in, page cache off`, 'driveway', renderedRates, true, how),
    ratioCheck(`${eventsLabel}, signed in, page cache off`, 'events', renderedRates, true, how),
    ratioCheck(`${homeLabel}, signed in, page cache off`, 'home', renderedRates, true, how),
  );
  return checks;
}
