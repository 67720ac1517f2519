import { jobs, type Database } from '@parkside/db';

export interface JobSpec {
  /** A task name the runner knows, e.g. `email.send`. */
  task: string;
  /** What the task needs, as JSON: ids rather than whole rows, read again when it runs. */
  payload?: unknown;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** At most one job with this key, ever: a second enqueue with it is ignored. */
  key?: string;
  /** Failed attempts before the job is marked failed (default 8). */
  maxAttempts?: number;
}

/**
 * Queues work. Call it with the transaction of the change the work follows up: the jobs exist
 * only if that change commits, and they survive a crash or an outage of whatever they call.
 */
export async function enqueueJobs(db: Database, specs: JobSpec[]): Promise<void> {
  if (specs.length === 0) return;
  await db
    .insert(jobs)
    .values(
      specs.map((spec) => ({
        task: spec.task,
        payload: spec.payload ?? {},
        runAt: spec.runAt,
        key: spec.key,
        maxAttempts: spec.maxAttempts,
      })),
    )
    .onConflictDoNothing({ target: jobs.key });
}
