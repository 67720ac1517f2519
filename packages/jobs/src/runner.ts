import { jobs, type Database, type Job } from '@parkside/db';
import { and, asc, eq, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { enqueueJobs } from './enqueue';
import { defineTask, handlerOf, taskSet, type Schedule, type TaskSet, type Tasks } from './task';

export type { Schedule, TaskHandler, Tasks } from './task';

export interface JobRunnerOptions {
  db: Database;
  tasks: Tasks;
  schedules?: Schedule[];
  /** How often to look for due jobs when idle (default 1000 ms). */
  pollIntervalMs?: number;
  /** Jobs taken per round (default 10). */
  batchSize?: number;
  /**
   * Jobs run at once (default 4): a slow job (a webhook receiver that does not answer, a mail
   * server taking its time) holds one of them, never the mail queued behind it.
   */
  concurrency?: number;
  /**
   * At most this many jobs of a task run at once on a started runner, so that one kind of work
   * never holds every place: webhook deliveries to receivers that do not answer (10 s each)
   * would otherwise keep a new account's verification mail waiting behind them. A task not
   * named may use every place.
   */
  maxRunning?: Record<string, number>;
  /** How long a taken job is reserved before another worker may retry it (default 5 min). */
  leaseMs?: number;
  /** Called when an attempt fails; the job is retried later or, after its last attempt, failed. */
  onError?: (error: unknown, job: Job) => void;
  /** Called after each attempt with how it went and how long it took (the job log). */
  onRun?: (job: Job, outcome: { ok: boolean; durationMs: number; failed: boolean }) => void;
  now?: () => Date;
}

export interface JobRunner {
  start(): void;
  /**
   * Stops taking jobs. Jobs taken but not started yet are handed back at once (due now, the
   * attempt not counted); those running may finish within `graceMs` (default: however long they
   * take), else they are handed back too, for another server to run now rather than when their
   * lease ends. A handler still running after that may finish later; handlers tolerate a second
   * run.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
  /**
   * One round: queues due schedule slots, takes up to `batchSize` due jobs, runs them
   * (`concurrency` at once) and returns how many succeeded. For tests and tools; a started runner
   * does not wait for rounds but starts a due job whenever one of its places is free.
   */
  runOnce(): Promise<number>;
}

const DAY = 86_400_000;

/** The queue's own upkeep; its payload is empty. */
const PRUNE_TASK = defineTask('jobs.prune', { parse: () => ({}) });

/** Retry delay after the nth failure: 30 s, 1 min, 2 min, ... capped at 1 h, with jitter. */
export function retryDelayMs(attempt: number, random = Math.random): number {
  const base = Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);
  return Math.round(base * (0.75 + random() * 0.5));
}

/**
 * Runs background jobs (decision 022). A round leases due jobs with one UPDATE over a
 * SELECT ... FOR UPDATE SKIP LOCKED, so two servers never take the same job, then runs them
 * outside any transaction: a slow handler holds no lock. A job whose worker died is taken again
 * when its lease runs out, so a handler must tolerate a second run after a crash (the mail
 * handler checks the message is still unsent).
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db } = options;
  const { tasks, schedules = [] } = options;
  const taskNames = Object.keys(tasks);
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const batchSize = options.batchSize ?? 10;
  const leaseMs = options.leaseMs ?? 300_000;
  const now = options.now ?? (() => new Date());
  /**
   * A time `offsetMs` from now by the database's clock, the one that stamped the jobs' default
   * run times (a test's clock when it passes `now`).
   */
  const fromNow = (offsetMs = 0): SQL =>
    options.now
      ? sql`${new Date(options.now().getTime() + offsetMs).toISOString()}::timestamptz`
      : sql`now() + ${offsetMs} * interval '1 millisecond'`;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  /** Set by `stop()`: no job taken from now on is started. */
  let leaving = false;
  /** The jobs whose handlers are running now, with what each settles to. */
  const current = new Map<number, Promise<boolean>>();
  /** How many jobs of each task are running now. */
  const runningByTask = new Map<string, number>();
  const placesOf = (task: string) => options.maxRunning?.[task] ?? concurrency;
  const hasPlace = (task: string) => (runningByTask.get(task) ?? 0) < placesOf(task);
  /** A started runner's look for due jobs, while one is under way. */
  let filling: Promise<void> | null = null;
  /** A `runOnce()` under way, so a second call shares it. */
  let round: Promise<number> | null = null;

  /** The slot of each schedule this runner last queued, so it inserts once per slot. */
  const queuedSlots = new Map<string, number>();

  /**
   * The current slot of each schedule, queued once across servers: its key makes any other
   * server's insert of the same slot a no-op.
   */
  async function queueScheduled(): Promise<void> {
    const at = now().getTime();
    const slots = schedules
      .map((schedule) => ({
        ...schedule,
        slot: Math.floor(at / schedule.everyMs) * schedule.everyMs,
      }))
      .filter(({ task, slot }) => queuedSlots.get(task) !== slot);
    await enqueueJobs(
      db,
      slots.map(({ task, payload, slot }) => ({
        task,
        payload,
        runAt: new Date(slot),
        key: `${task}@${slot}`,
      })),
    );
    for (const { task, slot } of slots) queuedSlots.set(task, slot);
  }

  async function lease(limit: number, names = taskNames): Promise<Job[]> {
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'pending'), lte(jobs.runAt, fromNow()), inArray(jobs.task, names)))
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(jobs)
      .set({
        attempts: sql`${jobs.attempts} + 1`,
        runAt: fromNow(leaseMs),
      })
      .where(inArray(jobs.id, due))
      .returning();
  }

  async function run(job: Job): Promise<boolean> {
    const started = performance.now();
    const took = () => Math.round((performance.now() - started) * 10) / 10;
    try {
      await tasks[job.task]!(job.payload, job);
      await db
        .update(jobs)
        .set({ status: 'done', finishedAt: fromNow(), lastError: null })
        .where(eq(jobs.id, job.id));
      options.onRun?.(job, { ok: true, durationMs: took(), failed: false });
      return true;
    } catch (error) {
      options.onError?.(error, job);
      const failed = job.attempts >= job.maxAttempts;
      options.onRun?.(job, { ok: false, durationMs: took(), failed });
      await db
        .update(jobs)
        .set({
          status: failed ? 'failed' : 'pending',
          runAt: fromNow(retryDelayMs(job.attempts)),
          finishedAt: failed ? fromNow() : null,
          lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
        })
        .where(eq(jobs.id, job.id));
      return false;
    }
  }

  /** Taken jobs this runner will not run: due again now, as if never taken. */
  async function handBack(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .update(jobs)
      .set({ runAt: fromNow(), attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
      .where(and(inArray(jobs.id, ids), eq(jobs.status, 'pending')));
  }

  /** Runs `job` in one of the places; the place is free again when it settles. */
  function begin(job: Job): Promise<boolean> {
    runningByTask.set(job.task, (runningByTask.get(job.task) ?? 0) + 1);
    const settled = run(job).finally(() => {
      current.delete(job.id);
      runningByTask.set(job.task, runningByTask.get(job.task)! - 1);
    });
    current.set(job.id, settled);
    return settled;
  }

  /**
   * A started runner: takes as many due jobs as it has free places and starts them, again each
   * time one finishes, so a job never waits behind a slow one while a place is free.
   */
  function fill(): Promise<void> {
    filling ??= (async () => {
      try {
        await queueScheduled();
        while (!leaving && current.size < concurrency) {
          // Tasks at their limit (maxRunning) are not taken until one of theirs finishes.
          const open = taskNames.filter(hasPlace);
          if (open.length === 0) return;
          const wanted = Math.min(batchSize, concurrency - current.size);
          const taken = await lease(wanted, open);
          if (leaving) {
            await handBack(taken.map((job) => job.id));
            return;
          }
          const over: number[] = [];
          for (const job of taken) {
            if (!hasPlace(job.task)) {
              over.push(job.id);
              continue;
            }
            void begin(job).finally(() => {
              if (!stopped) void fill();
            });
          }
          // Due again at once, for another server or the next place free here.
          await handBack(over);
          if (taken.length < wanted) return;
        }
      } catch (error) {
        // The database may be restarting; the next look tries again.
        console.error('Job round failed:', error);
      } finally {
        filling = null;
      }
    })();
    return filling;
  }

  async function runRound(): Promise<number> {
    await queueScheduled();
    const taken = await lease(batchSize);
    let next = 0;
    let succeeded = 0;
    const worker = async () => {
      while (next < taken.length && !leaving) {
        const job = taken[next++]!;
        if (await begin(job)) succeeded += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, taken.length) }, worker));
    if (next < taken.length) await handBack(taken.slice(next).map((job) => job.id));
    return succeeded;
  }

  function runOnce(): Promise<number> {
    // A round asked for after a stop (tests, tools) runs its jobs.
    if (!round && stopped) leaving = false;
    round ??= runRound().finally(() => {
      round = null;
    });
    return round;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void fill().finally(schedule);
    }, pollIntervalMs);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      leaving = false;
      schedule();
    },
    async stop({ graceMs }: { graceMs?: number } = {}) {
      stopped = true;
      leaving = true;
      if (timer) clearTimeout(timer);
      const finished = Promise.all([filling, round, ...current.values()]).then(
        () => true,
        () => true,
      );
      if (graceMs === undefined) {
        await finished;
        return;
      }
      let wait: NodeJS.Timeout | undefined;
      const inTime = await Promise.race([
        finished,
        new Promise<false>((resolve) => (wait = setTimeout(() => resolve(false), graceMs))),
      ]);
      clearTimeout(wait);
      if (!inTime && current.size > 0) await handBack([...current.keys()]).catch(() => undefined);
    },
    runOnce,
  };
}

/**
 * The queue's own upkeep, for the server to run with its tasks: once a day, finished jobs older
 * than `keepDoneMs` (default 14 days) are deleted. Failed jobs stay until someone looks at them.
 */
export function jobUpkeep({
  db,
  keepDoneMs = 14 * DAY,
}: {
  db: Database;
  keepDoneMs?: number;
}): TaskSet {
  return taskSet(
    [
      handlerOf(PRUNE_TASK, async () => {
        await db
          .delete(jobs)
          .where(
            and(eq(jobs.status, 'done'), lt(jobs.finishedAt, new Date(Date.now() - keepDoneMs))),
          );
      }),
    ],
    [{ task: PRUNE_TASK.name, everyMs: DAY }],
  );
}
