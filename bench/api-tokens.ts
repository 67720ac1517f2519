/**
 * What checking an API token costs (decision 025): requests/s of `GET /api/trpc/event.list`
 * with `Authorization: Bearer pk_…` as a ratio to the same call made anonymously, on one
 * production server and a fresh PostgreSQL database, in alternating rounds so that drift in
 * the machine's load hits both alike. Target: at least 0.9.
 *
 * Run from the repo root: npm run bench:api-tokens (builds apps/web when it has no build).
 * Exit code 0: the target is met; 1: missed, or the benchmark failed.
 */
import { seedDemoData } from '@parkside/db';
import { type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { freshBenchDatabase, type BenchDatabase } from './marketplace/database';
import { printChecks, type Check } from './marketplace/stats';
import { buildIfMissing, CONNECTIONS, loadRound, WARMUP_SECONDS } from './load';
import { cleanUpOnInterrupt, startProductionServer, stopServer, runBenchmark } from './server';

export const BEARER_RATIO_TARGET = 0.9;
const ROUND_SECONDS = 6;
const ROUNDS = 4;

let database: BenchDatabase | undefined;
let server: ChildProcess | undefined;
const cleanUp = async () => {
  await stopServer(server);
  await database?.drop();
};
cleanUpOnInterrupt(cleanUp);

async function main(): Promise<number> {
  buildIfMissing();
  database = await freshBenchDatabase();
  await seedDemoData(database.handle.db);

  // A token of an admin with a limit far above what the run makes, so no call is refused.
  const secret = `pk_${randomBytes(24).toString('base64url')}`;
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  await sql`insert into users (id, email, name, email_verified, terms_accepted)
    values ('bench-ops', 'bench-ops@example.com', 'Bench Ops', true, true)`;
  await sql`insert into api_tokens (name, owner_id, scopes, secret_hash, rate_limit_per_minute)
    values ('bench', 'bench-ops', ${['read']}, ${createHash('sha256').update(secret).digest('hex')}, 1000000000)`;
  await sql.end();

  const { origin } = await startProductionServer({
    databaseUrl: database.url,
    onSpawn: (child) => (server = child),
  });

  const url = `${origin}/api/trpc/event.list?input=${encodeURIComponent('{}')}`;
  const kinds = {
    anonymous: {},
    bearer: { authorization: `Bearer ${secret}` },
  } as const;
  for (const [kind, headers] of Object.entries(kinds)) {
    const check = await fetch(url, { headers });
    if (check.status !== 200) throw new Error(`${kind} event.list answered ${check.status}.`);
    await check.arrayBuffer();
  }
  process.stdout.write(`Warming up (${WARMUP_SECONDS} s each)... `);
  for (const headers of Object.values(kinds)) await loadRound(url, headers, WARMUP_SECONDS);
  console.log('done');

  const totals = {
    anonymous: { requests: 0, seconds: 0, errors: 0 },
    bearer: { requests: 0, seconds: 0, errors: 0 },
  };
  for (let round = 1; round <= ROUNDS; round += 1) {
    const order =
      round % 2 ? (['anonymous', 'bearer'] as const) : (['bearer', 'anonymous'] as const);
    for (const kind of order) {
      const result = await loadRound(url, kinds[kind], ROUND_SECONDS);
      totals[kind].requests += result.requests;
      totals[kind].seconds += result.seconds;
      totals[kind].errors += result.errors;
      console.log(
        `  round ${round}: ${kind.padEnd(9)} ${(result.requests / result.seconds).toFixed(0)} requests/s`,
      );
    }
  }
  const anonymous = totals.anonymous.requests / totals.anonymous.seconds;
  const bearer = totals.bearer.requests / totals.bearer.seconds;
  const errors = totals.anonymous.errors + totals.bearer.errors;
  const ratio = bearer / anonymous;
  const checks: Check[] = [
    {
      name: 'event.list with a bearer token : anonymous',
      value: ratio.toFixed(2),
      target: `>= ${BEARER_RATIO_TARGET}`,
      pass: ratio >= BEARER_RATIO_TARGET && errors === 0,
      detail: `${bearer.toFixed(0)} vs ${anonymous.toFixed(0)} requests/s, ${CONNECTIONS} connections, ${errors} errors`,
    },
  ];
  console.log('');
  printChecks(checks);
  return checks.every((c) => c.pass) ? 0 : 1;
}

await runBenchmark(main, cleanUp);
