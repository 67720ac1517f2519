import { AppError } from '@parkside/core';
import { appliedMigrations, appServers, jobs, type Database, columnsOf } from '@parkside/db';
import { and, desc, eq, gt, sql } from 'drizzle-orm';

/** A server not seen for this long is not listed (they beat every 15 s). */
export const SERVER_SEEN_WITHIN_MS = 60_000;
/** The failed jobs shown at once, newest first. */
export const FAILED_JOBS_SHOWN = 50;

/**
 * The admin System page (decision 039): the servers seen in the last minute, the job queue by
 * task, the failed jobs waiting for a decision, the migrations applied.
 */
export async function systemStatus(db: Database, now = new Date()) {
  const [servers, byTask, failed, migrations] = await Promise.all([
    db
      .select()
      .from(appServers)
      .where(gt(appServers.seenAt, new Date(now.getTime() - SERVER_SEEN_WITHIN_MS)))
      .orderBy(appServers.startedAt),
    db
      .select({
        task: jobs.task,
        due: sql<number>`count(*) filter (where ${jobs.status} = 'pending' and ${jobs.runAt} <= ${now.toISOString()}::timestamptz)::int`,
        later: sql<number>`count(*) filter (where ${jobs.status} = 'pending' and ${jobs.runAt} > ${now.toISOString()}::timestamptz)::int`,
        failed: sql<number>`count(*) filter (where ${jobs.status} = 'failed')::int`,
        doneLastHour: sql<number>`count(*) filter (where ${jobs.status} = 'done' and ${jobs.finishedAt} > ${now.toISOString()}::timestamptz - interval '1 hour')::int`,
      })
      .from(jobs)
      .groupBy(jobs.task)
      .orderBy(jobs.task),
    db
      .select(columnsOf(jobs, 'id task attempts lastError createdAt finishedAt'))
      .from(jobs)
      .where(eq(jobs.status, 'failed'))
      .orderBy(desc(jobs.finishedAt), desc(jobs.id))
      .limit(FAILED_JOBS_SHOWN),
    appliedMigrations(db),
  ]);
  return {
    servers: servers.map((s) => ({
      ...s,
      startedAt: s.startedAt.toISOString(),
      seenAt: s.seenAt.toISOString(),
    })),
    queue: byTask.filter((row) => row.due + row.later + row.failed + row.doneLastHour > 0),
    failed: failed.map((job) => ({
      ...job,
      createdAt: job.createdAt.toISOString(),
      finishedAt: job.finishedAt?.toISOString() ?? null,
    })),
    migrations: {
      applied: migrations.applied.length,
      latest: migrations.applied.at(-1) ?? null,
      pending: migrations.pending,
    },
  };
}

async function lockFailed(tx: Database, id: number) {
  const [job] = await tx.select().from(jobs).where(eq(jobs.id, id)).for('update').limit(1);
  if (!job) throw new AppError('NOT_FOUND', 'No job has that id.');
  if (job.status !== 'failed')
    throw new AppError('CONFLICT', 'Only a failed job can be retried or discarded.');
  return job;
}

/** A failed job runs again now, with its attempts counted afresh. */
export async function retryJob(tx: Database, id: number) {
  const job = await lockFailed(tx, id);
  await tx
    .update(jobs)
    .set({ status: 'pending', runAt: new Date(), attempts: 0, finishedAt: null })
    .where(eq(jobs.id, job.id));
  return { id: job.id, task: job.task };
}

/** A failed job is dropped for good (the operator decided it should not run). */
export async function discardJob(tx: Database, id: number) {
  const job = await lockFailed(tx, id);
  await tx.delete(jobs).where(and(eq(jobs.id, job.id), eq(jobs.status, 'failed')));
  return { id: job.id, task: job.task };
}
