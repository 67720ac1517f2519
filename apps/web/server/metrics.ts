/**
 * Prometheus metrics at /metrics (decision 038), one registry per server instance: request
 * durations by route pattern (the log's, never a raw path), the page cache, job attempts by task,
 * the job queue read from PostgreSQL at each scrape, open message streams, LISTEN reconnects, and
 * bookings and messages of the last minute, and the PostgreSQL pool's use and waits. Refused
 * unless METRICS_TOKEN is set and sent.
 */
import { bookings, jobs, messages, type Database, type PoolStats } from '@parkside/db';
import { and, count, eq, gt, lte, min } from 'drizzle-orm';
import type { RequestHandler } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ReplicaStatus } from '@parkside/db';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export type Metrics = ReturnType<typeof createMetrics>;

export function createMetrics({
  db,
  poolStats,
  replicas,
}: {
  db: Database;
  /** This server's PostgreSQL connection pool (none on PGlite). */
  poolStats?: () => PoolStats;
  /** The read replicas as this server sees them (decision 070). */
  replicas?: () => ReplicaStatus[];
}) {
  /** How many live-message streams this server holds open (set once they start). */
  let openStreams = () => 0;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'parkside_' });
  const registers = [registry];
  if (replicas) replicaGauges(registers, replicas);

  const requestSeconds = new Histogram({
    name: 'parkside_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const kept = new Counter({
    name: 'parkside_page_cache_total',
    help: 'Pages answered from what this server kept (whole pages, or their shared part).',
    labelNames: ['kind', 'outcome'] as const,
    registers,
  });
  const jobAttempts = new Counter({
    name: 'parkside_job_attempts_total',
    help: 'Job attempts run by this server, by task and outcome (ok, retry, failed for good).',
    labelNames: ['task', 'outcome'] as const,
    registers,
  });
  const reconnects = new Counter({
    name: 'parkside_listen_reconnects_total',
    help: 'Times a LISTEN connection came back after a cut, by channel.',
    labelNames: ['channel'] as const,
    registers,
  });
  new Gauge({
    name: 'parkside_message_streams_open',
    help: 'Live-message streams this server holds open.',
    registers,
    collect() {
      this.set(openStreams());
    },
  });
  if (poolStats) {
    new Gauge({
      name: 'parkside_db_pool_connections',
      help: "This server's PostgreSQL connections, by state (busy: running queries or held by a transaction; connecting: until its first answer).",
      labelNames: ['state'] as const,
      registers,
      collect() {
        const pool = poolStats();
        this.set({ state: 'busy' }, pool.busy);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'connecting' }, pool.connecting);
      },
    });
    new Gauge({
      name: 'parkside_db_pool_max',
      help: 'The most PostgreSQL connections this server opens.',
      registers,
      collect() {
        this.set(poolStats().max);
      },
    });
    new Gauge({
      name: 'parkside_db_pool_waiting',
      help: 'Queries waiting for a free PostgreSQL connection now.',
      registers,
      collect() {
        this.set(poolStats().waiting);
      },
    });
    let counted = 0;
    new Counter({
      name: 'parkside_db_pool_waits_total',
      help: 'Queries that had to wait for a free PostgreSQL connection.',
      registers,
      collect() {
        const waited = poolStats().waited;
        if (waited > counted) this.inc(waited - counted);
        counted = waited;
      },
    });
  }
  /** A figure set from the database read of each scrape, by one label or none. */
  const databaseGauge = (name: string, help: string, label?: string) =>
    new Gauge({ name, help, labelNames: label ? [label] : [], registers });
  const due = databaseGauge(
    'parkside_jobs_due',
    'Jobs waiting to run now, by task (the whole queue, shared by every server).',
    'task',
  );
  const oldest = databaseGauge(
    'parkside_job_oldest_due_seconds',
    'How long the oldest due job has waited.',
  );
  const cdnPurges = new Counter({
    name: 'parkside_cdn_purges_total',
    help: 'Purges this server sent to the shared cache when it heard a change, by outcome (a failed one is retried by the queue as a cdn.purge job).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const oldestPurge = databaseGauge(
    'parkside_cdn_purge_oldest_pending_seconds',
    'How long the oldest purge of the shared cache has waited to go through (decision 069); its attempts are parkside_job_attempts_total{task="cdn.purge"}.',
  );
  const failed = databaseGauge(
    'parkside_jobs_failed',
    'Jobs that failed for good and wait for an operator, by task.',
    'task',
  );
  const lastMinute = databaseGauge(
    'parkside_created_last_minute',
    'Bookings and messages created in the last minute (all servers).',
    'kind',
  );

  /** The figures that live in PostgreSQL, read once per scrape. */
  async function readDatabase() {
    const now = new Date();
    const minuteAgo = new Date(now.getTime() - 60_000);
    const [dueRows, [oldestRow], failedRows, [booked], [sent], [purgeRow]] = await Promise.all([
      db
        .select({ task: jobs.task, n: count() })
        .from(jobs)
        .where(and(eq(jobs.status, 'pending'), lte(jobs.runAt, now)))
        .groupBy(jobs.task),
      db
        .select({ at: min(jobs.runAt) })
        .from(jobs)
        .where(and(eq(jobs.status, 'pending'), lte(jobs.runAt, now))),
      db
        .select({ task: jobs.task, n: count() })
        .from(jobs)
        .where(eq(jobs.status, 'failed'))
        .groupBy(jobs.task),
      db.select({ n: count() }).from(bookings).where(gt(bookings.createdAt, minuteAgo)),
      db.select({ n: count() }).from(messages).where(gt(messages.createdAt, minuteAgo)),
      db
        .select({ at: min(jobs.createdAt) })
        .from(jobs)
        .where(and(eq(jobs.status, 'pending'), eq(jobs.task, 'cdn.purge'))),
    ]);
    due.reset();
    for (const row of dueRows) due.set({ task: row.task }, row.n);
    oldest.set(oldestRow?.at ? Math.max(0, (now.getTime() - oldestRow.at.getTime()) / 1000) : 0);
    oldestPurge.set(purgeRow?.at ? Math.max(0, (now.getTime() - purgeRow.at.getTime()) / 1000) : 0);
    failed.reset();
    for (const row of failedRows) failed.set({ task: row.task }, row.n);
    lastMinute.set({ kind: 'booking' }, booked?.n ?? 0);
    lastMinute.set({ kind: 'message' }, sent?.n ?? 0);
  }

  return {
    registry,
    countStreams(counter: () => number) {
      openStreams = counter;
    },
    request(method: string, route: string, status: number, seconds: number) {
      requestSeconds.observe({ method, route, status: String(status) }, seconds);
    },
    /** From a response's X-Cache (whole page) and X-Kept (shared part) headers. */
    keptHeaders(cache: unknown, part: unknown) {
      if (cache === 'hit' || cache === 'miss') kept.inc({ kind: 'page', outcome: cache });
      if (part === 'hit' || part === 'miss') kept.inc({ kind: 'part', outcome: part });
    },
    jobAttempt(task: string, outcome: 'ok' | 'retry' | 'failed') {
      jobAttempts.inc({ task, outcome });
    },
    reconnected(channel: string) {
      reconnects.inc({ channel });
    },
    /** A purge this server sent to the shared cache itself (the queue's are job attempts). */
    cdnPurge(outcome: 'ok' | 'failed') {
      cdnPurges.inc({ outcome });
    },
    /** The Prometheus text, with the database figures read now. */
    async text() {
      await readDatabase().catch(() => {
        // The database is away: the process figures still answer; the queue ones are stale.
      });
      return registry.metrics();
    },
  };
}

/** Each replica's lag and whether this server reads it, by the replica's host, port and database. */
function replicaGauges(registers: Registry[], replicas: () => ReplicaStatus[]) {
  const perReplica = (name: string, help: string, valueOf: (replica: ReplicaStatus) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['replica'] as const,
      registers,
      collect() {
        for (const replica of replicas()) this.set({ replica: replica.name }, valueOf(replica));
      },
    });
  perReplica(
    'parkside_replica_lag_seconds',
    'How far each read replica is behind the primary, as this server last read it (-1: it does not answer).',
    (replica) => (replica.lagMs === null ? -1 : replica.lagMs / 1000),
  );
  perReplica(
    'parkside_replica_in_use',
    'Whether this server reads each replica now (1), or skips it as lagging or down (0).',
    (replica) => (replica.state === 'in use' ? 1 : 0),
  );
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics: 404 while METRICS_TOKEN is not set (nothing is exposed by default), 401 without
 * `Authorization: Bearer <METRICS_TOKEN>`, else the Prometheus text.
 */
export function metricsRoute(metrics: Metrics, token: string | undefined): RequestHandler {
  const expected = token ? digest(token) : null;
  return async (req, res, next) => {
    if (!expected) {
      res.status(404).type('text/plain').send('Metrics are off: set METRICS_TOKEN to expose them.');
      return;
    }
    const sent = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
    if (!sent || !timingSafeEqual(digest(sent), expected)) {
      res
        .status(401)
        .set('WWW-Authenticate', 'Bearer realm="metrics"')
        .type('text/plain')
        .send('Send the metrics token as "Authorization: Bearer …".');
      return;
    }
    try {
      res.type(metrics.registry.contentType).send(await metrics.text());
    } catch (error) {
      next(error);
    }
  };
}
