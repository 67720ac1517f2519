/**
 * Game day (a benchmark with assertions): nginx from deploy/nginx/parkside.conf in front of three
 * production servers on one fresh PostgreSQL database, and a spike of drivers who search, open
 * /rent, book the event's spaces (retrying with the same idempotency key when a request fails),
 * open their passes and write to their hosts, whose live-message streams stay open; each host
 * checks the cars in. Midway one
 * server is killed with SIGKILL and started again, and every database connection is cut once.
 *
 * Asserts: nothing oversold; one booking per idempotency key; one confirmation mail per confirmed
 * booking; no 5xx answer except to requests in flight on the killed server; every job done or
 * waiting to retry. Prints p50/p95/p99 per kind of request and the throughput.
 *
 * With `--cdn`, Varnish with deploy/varnish's VCL stands in front of nginx and drivers also browse
 * signed out through it; it asserts each booking shows on the cached /rent within 1 s. With
 * `--replica`, the run's PostgreSQL gets a streaming replica (pg_basebackup) the servers read
 * (decisions 069, 070; figures in bench/README.md).
 *
 * Run from the repo root: npm run bench:gameday [-- --drivers=500 --cdn --replica]. `npm test`
 * ends with a small run (50 drivers, one kill). Needs PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 * 127.0.0.1:5432) and nginx (installed from Debian's packages when missing and this is root);
 * says what is missing and exits 0 otherwise.
 */
import { createSessionStore, SESSION_COOKIE_NAME } from '@parkside/auth';
import { driveways, events, listings, users } from '@parkside/db';
import { startTestSmtpServer } from '@parkside/email/testing';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { startVarnish, varnishMissing, type RunningVarnish } from '@parkside/cdn/testing';
import {
  replicationUnavailableReason,
  startReplicatedPair,
  type ReplicatedPair,
} from '@parkside/db/replication-testing';
import { edgeFlagsOf, FreshnessProbe, readsOn, sampleReplicaLag } from './gameday-edge';
import { createBenchDatabase, describeUrl, serverUrl } from './marketplace/database';
import {
  findFreePort,
  productionEntry,
  repoRoot,
  startProductionServer,
  stopServer,
  webRoot,
} from './server';

const argValue = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const DRIVERS = Number(argValue('drivers') ?? 500);
const LISTINGS = 20;
/** 200 spaces over 20 listings for the full run; fewer when fewer drivers come. */
const SPACES_PER_LISTING = DRIVERS >= 400 ? 10 : Math.max(1, Math.floor(DRIVERS / 40));
const SERVERS = 3;
/** Drivers at work at once. */
const CONCURRENCY = 40;
/** Share of the drivers done when a server is killed, and when the connections are cut. */
const KILL_AT = 0.3;
const CUT_AT = 0.6;

const serverEntry = productionEntry;
const flags = edgeFlagsOf(process.argv);
const METRICS_TOKEN = 'gameday-metrics-token-0123456789';

function findNginx(): string | null {
  for (const path of ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx']) {
    if (existsSync(path)) return path;
  }
  return null;
}

/** nginx, installed from Debian's packages when missing and we may (root, apt-get present). */
function ensureNginx(): string | null {
  const found = findNginx();
  if (found || process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return found;
  console.log('nginx is missing: installing it from Debian’s packages...');
  try {
    execFileSync('apt-get', ['install', '-y', '-q', 'nginx'], { stdio: 'ignore' });
  } catch {
    execFileSync('apt-get', ['update', '-q'], { stdio: 'ignore' });
    execFileSync('apt-get', ['install', '-y', '-q', 'nginx'], { stdio: 'ignore' });
  }
  return findNginx();
}

/**
 * The production recipe, for this machine: the same upstream settings, locations and headers,
 * with the run's ports, over plain HTTP on loopback (no certificate to make), logs in `dir`.
 */
export function nginxConfig(recipe: string, dir: string, port: number, upstreams: number[]) {
  const site = recipe
    // The redirect to HTTPS is the first server block: left out.
    .replace(/server \{\s*listen 80;[\s\S]*?\n\}\n/, '')
    .replace(
      /(upstream parkside \{[\s\S]*?)(\s*server 127\.0\.0\.1:\d+[^\n]*\n)+/,
      (_, head: string) =>
        `${head}\n${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=2 fail_timeout=10s;\n`).join('')}`,
    )
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${port};`)
    .replace(/\n\s*listen \[::\]:443 ssl http2;/, '')
    .replace(/\n\s*ssl_[^\n]*/g, '')
    .replace(/\/var\/log\/nginx/g, dir);
  return `pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_processes 1;
events { worker_connections 4096; }
http {
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
${site}
}
`;
}

interface Timing {
  kind: string;
  ms: number;
  status: number;
  at: number;
}

const timings: Timing[] = [];

/** The first answer of 500 or more, for the report. */
let firstServerError: string | null = null;

async function timed(kind: string, run: () => Promise<Response>): Promise<Response | null> {
  const start = performance.now();
  try {
    const response = await run();
    const body = await response.text().catch(() => '');
    if (response.status >= 500 && firstServerError === null) {
      firstServerError = `${kind}: ${response.status} ${body.slice(0, 300)}`;
    }
    timings.push({ kind, ms: performance.now() - start, status: response.status, at: Date.now() });
    return response;
  } catch {
    timings.push({ kind, ms: performance.now() - start, status: 0, at: Date.now() });
    return null;
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main(): Promise<number> {
  const nginx = ensureNginx();
  if (!nginx) {
    console.log('Game day skipped: nginx is not installed (apt-get install nginx).');
    return 0;
  }
  if (!existsSync(serverEntry)) {
    console.log('Building the site (npm run build)...');
    execFileSync('npm', ['run', 'build'], { cwd: webRoot, stdio: 'ignore' });
  }
  const missing =
    (flags.cdn ? varnishMissing() : null) ??
    (flags.replica ? replicationUnavailableReason() : null);
  if (missing) {
    console.log(`Game day cannot run as asked: ${missing}.`);
    return 1;
  }
  // With --replica, a primary and its replica of the run's own; else the test suite's PostgreSQL
  // when it runs as part of `npm test`. The run's own database on it.
  const pair: ReplicatedPair | null = flags.replica ? await startReplicatedPair() : null;
  const server =
    pair?.primaryUrl ??
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    serverUrl();
  let database;
  try {
    database = await createBenchDatabase(server);
  } catch (error) {
    await pair?.close();
    console.log(
      `Game day skipped: no PostgreSQL at ${describeUrl(server)} (${(error as Error).message}).`,
    );
    return 0;
  }
  const replicaUrl = pair ? pair.urlOf('replica', database.name) : null;
  const sql = postgres(database.url, { max: 2, onnotice: () => {} });
  const smtp = await startTestSmtpServer();
  const dir = mkdtempSync(join(tmpdir(), 'parkside-gameday-'));
  const children: (ChildProcess | undefined)[] = [];
  let nginxStarted = false;
  let varnish: RunningVarnish | null = null;
  const output: string[] = [];
  try {
    // One event, 20 hosts with a driveway each near it, and the drivers, all signed in.
    const { db } = database.handle;
    // Kick-off in half an hour: the spaces are open from an hour before, so cars check in now.
    const startsAt = new Date(Date.now() + 30 * 60_000);
    const [event] = await db
      .insert(events)
      .values({
        title: 'Game Day Classic',
        slug: 'game-day-classic',
        venueName: 'LaVell Edwards Stadium',
        street: '1700 N Canyon Rd',
        city: 'Provo',
        region: 'UT',
        postalCode: '84604',
        latitude: 40.2576,
        longitude: -111.6546,
        timeZone: 'America/Denver',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3 * 3_600_000),
        expectedAttendance: 60_000,
      })
      .returning();
    const hosts = Array.from({ length: LISTINGS }, (_, i) => ({
      id: `gd-host-${i}`,
      email: `gd-host-${i}@example.com`,
      name: `Host ${i}`,
      emailVerified: true,
      isHost: true,
    }));
    const drivers = Array.from({ length: DRIVERS }, (_, i) => ({
      id: `gd-driver-${i}`,
      email: `gd-driver-${i}@example.com`,
      name: `Driver ${i}`,
      emailVerified: true,
    }));
    await db.insert(users).values([...hosts, ...drivers]);
    const madeDriveways = await db
      .insert(driveways)
      .values(
        hosts.map((host, i) => ({
          hostId: host.id,
          title: `Driveway ${i}`,
          street: `${100 + i} N 900 E`,
          city: 'Provo',
          region: 'UT',
          postalCode: '84604',
          latitude: 40.2576 + (i - 10) * 0.0008,
          longitude: -111.6546 + 0.004,
          capacity: SPACES_PER_LISTING,
          photos: ['/files/driveways/gameday/front.jpg'],
        })),
      )
      .returning();
    const made = await db
      .insert(listings)
      .values(
        madeDriveways.map((driveway) => ({
          drivewayId: driveway.id,
          eventId: event!.id,
          location: { x: driveway.longitude, y: driveway.latitude },
          priceCents: 2000,
          spacesOffered: SPACES_PER_LISTING,
          availableFrom: new Date(startsAt.getTime() - 3_600_000),
          availableTo: new Date(startsAt.getTime() + 4 * 3_600_000),
        })),
      )
      .returning({ id: listings.id });
    const sessions = createSessionStore(db, { secure: false });
    const cookieOf = async (id: string) =>
      `${SESSION_COOKIE_NAME}=${(await sessions.create(id)).token}`;
    const driverCookies = await Promise.all(drivers.map((d) => cookieOf(d.id)));
    const hostCookies = await Promise.all(hosts.map((h) => cookieOf(h.id)));

    // Three servers and nginx in front (and Varnish in front of nginx with --cdn).
    const ports = await Promise.all(Array.from({ length: SERVERS }, () => findFreePort()));
    const nginxPort = await findFreePort();
    const edgePort = flags.cdn ? await findFreePort() : nginxPort;
    const edge = `http://127.0.0.1:${edgePort}`;
    const env = {
      SMTP_URL: smtp.url,
      PUBLIC_URL: edge,
      TRUST_PROXY: flags.cdn ? '2' : '1',
      APP_CHECK_SECRET: 'gameday-app-check-secret-0123456789abcdef',
      JOBS_POLL_MS: '200',
      PAGE_CACHE: 'true',
      METRICS_TOKEN,
      ...(flags.cdn ? { CDN_SURROGATE_HEADER: 'xkey', CDN_PURGE_URLS: `${edge}/` } : {}),
      ...(replicaUrl ? { DATABASE_REPLICA_URL: replicaUrl } : {}),
    };
    if (pair) await pair.caughtUp();
    const start = (i: number) =>
      startProductionServer({
        serverEntry,
        databaseUrl: database!.url,
        port: ports[i]!,
        env,
        onOutput: (chunk) => output.push(chunk),
        onSpawn: (child) => (children[i] = child),
      });
    await Promise.all(ports.map((_, i) => start(i)));
    const recipe = readFileSync(join(repoRoot, 'deploy', 'nginx', 'parkside.conf'), 'utf8');
    for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
    writeFileSync(join(dir, 'nginx.conf'), nginxConfig(recipe, dir, nginxPort, ports));
    execFileSync(nginx, ['-c', join(dir, 'nginx.conf'), '-p', dir]);
    nginxStarted = true;
    if (flags.cdn) {
      varnish = await startVarnish({
        recipePath: join(repoRoot, 'deploy', 'varnish', 'parkside.vcl'),
        port: edgePort,
        backendPort: nginxPort,
        storage: 'malloc,256m',
      });
    }
    console.log(
      `${SERVERS} servers behind nginx${flags.cdn ? ' behind Varnish' : ''} at ${edge}${pair ? ', reading a streaming replica' : ''}; ${DRIVERS} drivers, ${LISTINGS} listings of ${SPACES_PER_LISTING} spaces.`,
    );
    // Signed-out visitors read this page; the probe reads it for each booking to show.
    const rentPage = `${edge}/rent?event=${event!.id}&show=${LISTINGS}`;
    const probe = new FreshnessProbe(rentPage, LISTINGS * SPACES_PER_LISTING);
    const stopLagSamples = pair
      ? sampleReplicaLag(`http://127.0.0.1:${ports[0]}`, METRICS_TOKEN)
      : null;
    const readsBefore = {
      primary: await readsOn(database.url),
      replica: replicaUrl ? await readsOn(replicaUrl) : null,
    };

    // The hosts' pages keep their live-message streams open through nginx.
    const streamAbort = new AbortController();
    const heard = new Map<string, number>();
    /** How many times each host's stream was opened (more than once: it reconnected). */
    const opened = new Map<string, number>();
    const streams = hostCookies.map(async (cookie, i) => {
      while (!streamAbort.signal.aborted) {
        try {
          const response = await fetch(`${edge}/api/messages/stream`, {
            headers: { cookie, accept: 'text/event-stream' },
            signal: streamAbort.signal,
          });
          opened.set(hosts[i]!.id, (opened.get(hosts[i]!.id) ?? 0) + 1);
          const reader = response.body!.getReader();
          const decoder = new TextDecoder();
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            const text = decoder.decode(value);
            const count = text.match(/event: message/g)?.length ?? 0;
            heard.set(hosts[i]!.id, (heard.get(hosts[i]!.id) ?? 0) + count);
          }
        } catch {
          // Cut or stopped: the page reconnects.
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    });

    // The spike.
    const origin = { origin: edge };
    let done = 0;
    /** When the server was killed and when it answered again (0: not yet). */
    const kill = { at: 0, back: 0 };
    /** When every database connection was cut. */
    let cutAt = 0;
    let cut = false;
    const chaos: Promise<void>[] = [];
    let visits = 0;
    let hits = 0;
    const driver = async (i: number) => {
      const cookie = driverCookies[i]!;
      // Signed out first, as most of a stadium's visitors are: the list of events and /rent.
      for (const url of [`${edge}/events`, rentPage]) {
        const seen = await timed('visitor', () => fetch(url, { headers: { accept: 'text/html' } }));
        visits += 1;
        if (seen?.headers.get('x-shared-cache') === 'hit') hits += 1;
      }
      await timed('search', () =>
        fetch(`${edge}/events?q=game+day`, { headers: { cookie, accept: 'text/html' } }),
      );
      await timed('rent', () =>
        fetch(`${edge}/rent?event=${event!.id}`, { headers: { cookie, accept: 'text/html' } }),
      );
      const order = made.map((_, k) => made[(i + k) % made.length]!.id);
      let booking: string | null = null;
      let bookedAt = -1;
      for (const listingId of order) {
        let outcome = 0;
        for (let attempt = 0; attempt < 4 && outcome === 0; attempt += 1) {
          const response = await timed('book', () =>
            fetch(`${edge}/booking-confirmation?listing=${listingId}`, {
              method: 'POST',
              redirect: 'manual',
              headers: {
                cookie,
                ...origin,
                'content-type': 'application/x-www-form-urlencoded',
              },
              body: new URLSearchParams({
                listingId,
                licensePlate: `GD${i}`,
                vehicleDescription: 'Blue Subaru Outback',
                // The same key for every try of this driver on this listing.
                idempotencyKey: `gameday-${i}-${listingId}`,
              }),
            }),
          );
          const status = response?.status ?? 0;
          if (status === 302) {
            probe.booked();
            outcome = 302;
            booking = response!.headers.get('location');
            bookedAt = made.findIndex((listing) => listing.id === listingId);
          } else if (status === 409) outcome = 409;
          else await new Promise((resolve) => setTimeout(resolve, 200));
        }
        if (outcome === 302) break;
      }
      const bookingId = booking?.match(/[0-9a-f-]{36}/)?.[0];
      if (bookingId) {
        await timed('pass', () =>
          fetch(`${edge}/bookings/${bookingId}/pass`, { headers: { cookie, accept: 'text/html' } }),
        );
        // The host checks the car in from the arrivals list.
        for (let attempt = 0; attempt < 4; attempt += 1) {
          const checked = await timed('checkin', () =>
            fetch(`${edge}/api/trpc/pass.checkIn`, {
              method: 'POST',
              headers: {
                cookie: hostCookies[bookedAt]!,
                ...origin,
                'content-type': 'application/json',
              },
              body: JSON.stringify({ bookingId }),
            }),
          );
          if (checked?.ok) break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        // Sent as the page sends it: the same client key on every try, so a retry never doubles.
        for (let attempt = 0; attempt < 4; attempt += 1) {
          const sent = await timed('message', () =>
            fetch(`${edge}/api/trpc/message.send`, {
              method: 'POST',
              headers: { cookie, ...origin, 'content-type': 'application/json' },
              body: JSON.stringify({
                bookingId,
                body: 'On my way, blue Subaru.',
                clientKey: `gameday-message-${i}`,
              }),
            }),
          );
          if (sent?.ok) break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
      done += 1;
      if (!kill.at && done >= DRIVERS * KILL_AT) {
        kill.at = Date.now();
        children[1]!.kill('SIGKILL');
        chaos.push(
          start(1).then(() => {
            kill.back = Date.now();
          }),
        );
      }
      if (!cut && done >= DRIVERS * CUT_AT) {
        cut = true;
        cutAt = Date.now();
        chaos.push(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid()`.then(() => {}),
        );
      }
    };
    probe.start();
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < DRIVERS) await driver(next++);
      }),
    );
    await Promise.all(chaos);
    const seconds = (Date.now() - started) / 1000;
    const freshness = await probe.stop();
    const lags = (await stopLagSamples?.()) ?? [];
    const readsAfter = {
      primary: await readsOn(database.url),
      replica: replicaUrl ? await readsOn(replicaUrl) : null,
    };

    // Let the queue drain (mail), then look.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [row] = await sql<{ due: number }[]>`
        select count(*)::int as due from jobs where status = 'pending' and run_at <= now()`;
      if (row!.due === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    streamAbort.abort();
    await Promise.allSettled(streams);

    const checks: [string, boolean, string][] = [];
    const oversold = await sql`
      select l.id, l.spaces_offered, count(b.id)::int as taken from listings l
      join bookings b on b.listing_id = l.id and b.status = 'confirmed'
      group by l.id having count(b.id) > l.spaces_offered`;
    const [counts] = await sql<{ confirmed: number; keys: number; mails: number }[]>`
      select (select count(*)::int from bookings where status = 'confirmed') as confirmed,
        (select count(distinct (driver_id, idempotency_key))::int from bookings) as keys,
        (select count(*)::int from email_jobs where kind = 'booking-confirmed-driver') as mails`;
    const [bookingRows] = await sql<{ all: number; checkedIn: number }[]>`
      select count(*)::int as all, count(checked_in_at)::int as "checkedIn" from bookings`;
    const [jobsLeft] = await sql<{ stuck: number }[]>`
      select count(*)::int as stuck from jobs
      where not (status = 'done' or (status = 'pending' and (attempts > 0 or run_at > now())))`;
    const spaces = LISTINGS * SPACES_PER_LISTING;
    checks.push(['Nothing oversold', oversold.length === 0, `${oversold.length} listings over`]);
    checks.push([
      'Every space booked',
      counts!.confirmed === Math.min(spaces, DRIVERS),
      `${counts!.confirmed} of ${spaces} spaces`,
    ]);
    checks.push([
      'One booking per idempotency key',
      bookingRows!.all === counts!.keys,
      `${bookingRows!.all} bookings, ${counts!.keys} keys`,
    ]);
    checks.push([
      'One confirmation mail per confirmed booking',
      counts!.mails === counts!.confirmed,
      `${counts!.mails} mails, ${counts!.confirmed} bookings`,
    ]);
    checks.push([
      'Every booked car checked in by its host',
      bookingRows!.checkedIn === counts!.confirmed,
      `${bookingRows!.checkedIn} of ${counts!.confirmed}`,
    ]);
    // A request in flight on the killed server is answered 502 by nginx (a POST is not retried).
    const serverErrors = timings.filter(
      (t) => t.status >= 500 && !(t.status === 502 && t.at >= kill.at && t.at <= kill.back + 2000),
    );
    checks.push([
      'No 5xx but requests in flight on the killed server',
      serverErrors.length === 0,
      `${serverErrors.length} others (${timings.filter((t) => t.status >= 500).length} in all)`,
    ]);
    checks.push([
      'Every job done or waiting to retry',
      jobsLeft!.stuck === 0,
      `${jobsLeft!.stuck} not`,
    ]);
    // Each host's stream hears each message to them once; one that reconnected (its server was
    // killed) may have missed some while away, and its page catches up on reconnecting.
    const perHost = await sql<{ hostId: string; messages: number }[]>`
      select c.host_id as "hostId", count(m.id)::int as messages
      from messages m join conversations c on c.id = m.conversation_id
      where m.sender_id = c.driver_id group by c.host_id`;
    const doubled = perHost.filter((h) => (heard.get(h.hostId) ?? 0) > h.messages);
    const missed = perHost.filter(
      (h) => (heard.get(h.hostId) ?? 0) < h.messages && (opened.get(h.hostId) ?? 0) <= 1,
    );
    const reconnected = [...opened.values()].filter((n) => n > 1).length;
    const messages = perHost.reduce((sum, h) => sum + h.messages, 0);
    checks.push([
      'Every message reaches each open stream once',
      doubled.length === 0 && missed.length === 0,
      `${messages} messages, ${[...heard.values()].reduce((a, b) => a + b, 0)} heard; ${doubled.length} streams heard one twice, ${missed.length} missed one without a reconnect; ${reconnected} streams reconnected`,
    ]);
    checks.push([
      'Every driver with a booking wrote to the host',
      messages === counts!.confirmed,
      `${messages} messages, ${counts!.confirmed} bookings`,
    ]);
    const slowest = freshness.delays.at(-1) ?? 0;
    if (flags.cdn) {
      checks.push([
        'Each booking on the cached /rent within 1 s',
        freshness.neverShown === 0 && slowest <= 1000,
        `${freshness.delays.length} shown, slowest after ${slowest.toFixed(0)} ms, ${freshness.neverShown} never`,
      ]);
    }

    console.log(
      `\n${timings.length} requests in ${seconds.toFixed(1)} s: ${(timings.length / seconds).toFixed(0)} requests/s`,
    );
    console.log('Kind      count     p50      p95      p99');
    for (const kind of ['visitor', 'search', 'rent', 'book', 'pass', 'checkin', 'message']) {
      const ms = timings
        .filter((t) => t.kind === kind)
        .map((t) => t.ms)
        .sort((a, b) => a - b);
      console.log(
        `${kind.padEnd(8)} ${String(ms.length).padStart(6)} ${percentile(ms, 50).toFixed(0).padStart(6)} ms ${percentile(ms, 95).toFixed(0).padStart(6)} ms ${percentile(ms, 99).toFixed(0).padStart(6)} ms`,
      );
    }
    console.log(
      `\nA booking on /rent (signed out${flags.cdn ? ', through Varnish' : ''}) after p50 ${percentile(freshness.delays, 50).toFixed(0)} ms, p95 ${percentile(freshness.delays, 95).toFixed(0)} ms, p99 ${percentile(freshness.delays, 99).toFixed(0)} ms, at most ${slowest.toFixed(0)} ms`,
    );
    if (flags.cdn) {
      console.log(
        `Signed-out pages from the shared cache: ${hits} of ${visits} (${((100 * hits) / Math.max(visits, 1)).toFixed(1)} %)`,
      );
    }
    if (pair) {
      console.log(
        `Replica lag as server 1 reported it (${lags.length} samples): p50 ${percentile(lags, 50).toFixed(0)} ms, p95 ${percentile(lags, 95).toFixed(0)} ms, at most ${(lags.at(-1) ?? 0).toFixed(0)} ms`,
      );
    }
    const primaryRows = readsAfter.primary.rows - readsBefore.primary.rows;
    const replicaRows =
      readsAfter.replica && readsBefore.replica
        ? readsAfter.replica.rows - readsBefore.replica.rows
        : 0;
    console.log(
      `Rows read on the primary: ${primaryRows} in ${readsAfter.primary.transactions - readsBefore.primary.transactions} transactions${
        readsAfter.replica && readsBefore.replica
          ? `; on the replica: ${replicaRows} in ${readsAfter.replica.transactions - readsBefore.replica.transactions} transactions (${((100 * replicaRows) / Math.max(primaryRows + replicaRows, 1)).toFixed(0)} % of all rows read)`
          : ''
      }`,
    );
    if (firstServerError) console.log(`\nFirst answer of 500 or more: ${firstServerError}`);
    const near = (t: Timing, at: number) => at > 0 && t.at >= at && t.at <= at + 3000;
    for (const t of timings.filter((t) => t.status >= 500)) {
      const when = near(t, kill.at) ? 'kill' : near(t, cutAt) ? 'cut' : 'other';
      console.log(`  5xx: ${t.kind} ${t.status} at +${t.at - started} ms (${when})`);
    }
    console.log('');
    for (const [name, pass, detail] of checks) {
      console.log(`${pass ? 'PASS' : 'FAIL'}  ${name}: ${detail}`);
    }
    const passed = checks.every(([, pass]) => pass);
    if (!passed)
      console.log(
        `\nWhat the servers said (last lines):\n${output.join('').split('\n').slice(-30).join('\n')}`,
      );
    return passed ? 0 : 1;
  } finally {
    await varnish?.stop();
    if (nginxStarted) {
      try {
        execFileSync(nginx, ['-c', join(dir, 'nginx.conf'), '-p', dir, '-s', 'stop']);
      } catch {
        // Already gone.
      }
    }
    await Promise.all(children.map((child) => stopServer(child)));
    await sql.end({ timeout: 5 });
    await smtp.close();
    await database.drop();
    await pair?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
