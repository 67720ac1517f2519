import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns';

export const jobStatus = pgEnum('job_status', ['pending', 'done', 'failed']);

/**
 * All background work, for every app server on one database (decision 022): a job is inserted
 * in the transaction whose change it follows up, taken by one worker at a time (SKIP LOCKED),
 * retried with backoff, and kept as `failed` with its last error once out of attempts.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What to run: a task name the runner knows, e.g. `email.send`. */
    task: text('task').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    status: jobStatus('status').notNull().default('pending'),
    /** When it may run next: its start time, a retry's time, or the end of a worker's lease. */
    runAt: at('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    lastError: text('last_error'),
    /** At most one job per key: a schedule's slot, or work that must be queued only once. */
    key: text('key'),
    createdAt: createdAt(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('jobs_key_unique').on(t.key),
    index('jobs_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.status} = 'done'`),
  ],
);

export type Job = typeof jobs.$inferSelect;
