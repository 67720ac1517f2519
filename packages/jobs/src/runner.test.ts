import { jobs, type Job } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enqueueJobs } from './enqueue';
import { createJobRunner, jobUpkeep, retryDelayMs, type Tasks } from './runner';

let handle: TestDatabase;

beforeAll(async () => {
  handle = await createTestDatabase();
});
beforeEach(async () => {
  await handle.db.delete(jobs);
});
afterAll(async () => {
  await handle.close();
});

/** A task that records each payload it ran and, while `failing`, refuses. */
function recorder(delayMs = 0) {
  const ran: unknown[] = [];
  let failing = false;
  const tasks: Tasks = {
    record: async (payload) => {
      if (failing) throw new Error('the service is down');
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      ran.push(payload);
    },
  };
  return { ran, tasks, setFailing: (on: boolean) => (failing = on) };
}

async function jobRow(id?: number): Promise<Job> {
  const rows = await handle.db.select().from(jobs).where(eq(jobs.task, 'record'));
  return id === undefined ? rows[0]! : rows.find((row) => row.id === id)!;
}

/** Makes every waiting job due now (a retry's backoff or a lease, as if the time had come). */
async function makeDue() {
  await handle.db.update(jobs).set({ runAt: sql`now() - interval '1 second'` });
}

describe('job runner', () => {
  it('stopping hands back the jobs taken but not started, for another server to run now', async () => {
    let started!: () => void;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const ran: number[] = [];
    const tasks: Tasks = {
      record: async (payload) => {
        const n = (payload as { n: number }).n;
        if (n === 0) {
          started();
          await released;
        }
        ran.push(n);
      },
    };
    await enqueueJobs(
      handle.db,
      Array.from({ length: 5 }, (_, n) => ({ task: 'record', payload: { n } })),
    );
    const leaving = createJobRunner({ db: handle.db, tasks, batchSize: 5, concurrency: 1 });
    const round = leaving.runOnce();
    await firstStarted;
    const stopping = leaving.stop();
    release();
    await Promise.all([round, stopping]);
    expect(ran).toEqual([0]);
    const rows = await handle.db.select().from(jobs);
    expect(rows.filter((row) => row.status === 'done')).toHaveLength(1);
    const handedBack = rows.filter((row) => row.status === 'pending');
    expect(handedBack).toHaveLength(4);
    for (const row of handedBack) {
      expect(row.attempts).toBe(0);
      expect(row.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    }

    // Another server takes them at once, not when the lease would have ended.
    const staying = createJobRunner({ db: handle.db, tasks, batchSize: 5 });
    expect(await staying.runOnce()).toBe(4);
    expect(ran.sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('hands back a job still running when the grace runs out', async () => {
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const tasks: Tasks = {
      record: async () => {
        started();
        await stuck;
      },
    };
    await enqueueJobs(handle.db, [{ task: 'record', payload: { n: 1 } }]);
    const leaving = createJobRunner({ db: handle.db, tasks });
    void leaving.runOnce();
    await running;
    await leaving.stop({ graceMs: 50 });
    const row = await jobRow();
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect(row.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    release();
  });

  it('a job that hangs holds one place: the mail queued after it goes out meanwhile', async () => {
    let release!: () => void;
    const hung = new Promise<void>((resolve) => (release = resolve));
    const ran: string[] = [];
    const tasks: Tasks = {
      record: async (payload) => {
        const { n } = payload as { n: string };
        if (n === 'webhook nobody answers') await hung;
        ran.push(n);
      },
    };
    await enqueueJobs(handle.db, [{ task: 'record', payload: { n: 'webhook nobody answers' } }]);
    const runner = createJobRunner({ db: handle.db, tasks, pollIntervalMs: 50, concurrency: 2 });
    runner.start();
    try {
      await expect.poll(async () => (await jobRow()).attempts).toBe(1);
      await enqueueJobs(
        handle.db,
        ['confirmation', 'reminder', 'receipt'].map((n) => ({ task: 'record', payload: { n } })),
      );
      await expect.poll(() => ran.length).toBe(3);
      expect(ran.sort()).toEqual(['confirmation', 'receipt', 'reminder']);
    } finally {
      release();
      await runner.stop();
    }
    expect(ran).toContain('webhook nobody answers');
  });

  it('ten deliveries nobody answers hold only their share of places: mail goes out meanwhile', async () => {
    let release!: () => void;
    const hung = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    let delivering = 0;
    const tasks: Tasks = {
      'webhook.deliver': async () => {
        delivering += 1;
        await hung;
      },
      'email.send': async (payload) => {
        sent.push((payload as { to: string }).to);
      },
    };
    await enqueueJobs(
      handle.db,
      Array.from({ length: 10 }, (_, n) => ({ task: 'webhook.deliver', payload: { n } })),
    );
    const runner = createJobRunner({
      db: handle.db,
      tasks,
      pollIntervalMs: 50,
      concurrency: 4,
      maxRunning: { 'webhook.deliver': 2 },
    });
    runner.start();
    try {
      await expect.poll(() => delivering).toBe(2);
      await enqueueJobs(handle.db, [
        { task: 'email.send', payload: { to: 'new-driver@example.com' } },
        { task: 'email.send', payload: { to: 'host@example.com' } },
      ]);
      await expect.poll(() => sent.length).toBe(2);
      // The other deliveries wait, due, untaken: never more than their two places.
      expect(delivering).toBe(2);
      const waiting = await handle.db.select().from(jobs).where(eq(jobs.task, 'webhook.deliver'));
      expect(waiting.filter((job) => job.attempts === 0)).toHaveLength(8);
    } finally {
      release();
      await runner.stop();
    }
  });

  it('two workers on one database run each of 40 jobs exactly once', async () => {
    const { ran, tasks } = recorder(5);
    await enqueueJobs(
      handle.db,
      Array.from({ length: 40 }, (_, i) => ({ task: 'record', payload: { n: i } })),
    );
    const a = createJobRunner({ db: handle.db, tasks, batchSize: 4 });
    const b = createJobRunner({ db: handle.db, tasks, batchSize: 4 });
    let total = 0;
    for (let round = 0; round < 12; round += 1) {
      const [x, y] = await Promise.all([a.runOnce(), b.runOnce()]);
      total += x + y;
    }
    expect(total).toBe(40);
    expect(ran).toHaveLength(40);
    expect(new Set(ran.map((p) => (p as { n: number }).n)).size).toBe(40);
    const rows = await handle.db.select().from(jobs).where(eq(jobs.task, 'record'));
    expect(rows.every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
  });

  it('retries a failing job with growing backoff, then marks it failed with its error', async () => {
    const { ran, tasks, setFailing } = recorder();
    const errors: string[] = [];
    const runner = createJobRunner({
      db: handle.db,
      tasks,
      onError: (error) => errors.push((error as Error).message),
    });
    await enqueueJobs(handle.db, [{ task: 'record', payload: { n: 1 }, maxAttempts: 3 }]);
    setFailing(true);

    const before = Date.now();
    expect(await runner.runOnce()).toBe(0);
    const first = await jobRow();
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first.lastError).toBe('the service is down');
    // Not due again before its backoff: the next round leaves it alone.
    expect(first.runAt.getTime()).toBeGreaterThan(before + 20_000);
    expect(await runner.runOnce()).toBe(0);
    expect((await jobRow()).attempts).toBe(1);

    await makeDue();
    await runner.runOnce();
    const second = await jobRow();
    expect(second).toMatchObject({ status: 'pending', attempts: 2 });
    expect(second.runAt.getTime() - Date.now()).toBeGreaterThan(40_000);

    await makeDue();
    await runner.runOnce();
    const last = await jobRow();
    expect(last).toMatchObject({ status: 'failed', attempts: 3 });
    expect(last.finishedAt).not.toBeNull();
    expect(errors).toHaveLength(3);
    expect(ran).toHaveLength(0);

    // A failed job stays failed: later rounds do not run it again.
    setFailing(false);
    await makeDue();
    expect(await runner.runOnce()).toBe(0);
    expect(ran).toHaveLength(0);
  });

  it('runs a job scheduled for later at its time and not before', async () => {
    const { ran, tasks } = recorder();
    let clock = new Date('2026-12-01T18:00:00Z');
    const runner = createJobRunner({ db: handle.db, tasks, now: () => clock });
    await enqueueJobs(handle.db, [
      { task: 'record', payload: { at: 'kick-off' }, runAt: new Date('2026-12-01T19:00:00Z') },
    ]);
    expect(await runner.runOnce()).toBe(0);
    clock = new Date('2026-12-01T18:59:59Z');
    expect(await runner.runOnce()).toBe(0);
    expect(ran).toHaveLength(0);
    clock = new Date('2026-12-01T19:00:00Z');
    expect(await runner.runOnce()).toBe(1);
    expect(ran).toEqual([{ at: 'kick-off' }]);
  });

  it('queues a job only if the transaction that enqueues it commits', async () => {
    const { ran, tasks } = recorder();
    await handle.db
      .transaction(async (tx) => {
        await enqueueJobs(tx as never, [{ task: 'record', payload: { n: 'rolled back' } }]);
        throw new Error('the booking failed');
      })
      .catch(() => undefined);
    await createJobRunner({ db: handle.db, tasks }).runOnce();
    expect(ran).toHaveLength(0);
    expect(await handle.db.select().from(jobs).where(eq(jobs.task, 'record'))).toHaveLength(0);
  });

  it('keeps one job per key, however often it is enqueued', async () => {
    const { ran, tasks } = recorder();
    const spec = { task: 'record', payload: { n: 'hold' }, key: 'expire-hold:abc' };
    await enqueueJobs(handle.db, [spec]);
    await enqueueJobs(handle.db, [spec, spec]);
    await createJobRunner({ db: handle.db, tasks }).runOnce();
    expect(ran).toEqual([{ n: 'hold' }]);
  });

  it('runs a schedule once per slot across two servers', async () => {
    const { ran, tasks } = recorder();
    let clock = new Date('2026-12-02T08:00:30Z');
    const schedules = [{ task: 'record', everyMs: 60_000, payload: { n: 'reminders' } }];
    const a = createJobRunner({ db: handle.db, tasks, schedules, now: () => clock });
    const b = createJobRunner({ db: handle.db, tasks, schedules, now: () => clock });
    await Promise.all([a.runOnce(), b.runOnce()]);
    await Promise.all([a.runOnce(), b.runOnce()]);
    expect(ran).toHaveLength(1);
    clock = new Date('2026-12-02T08:01:05Z');
    await Promise.all([a.runOnce(), b.runOnce()]);
    expect(ran).toHaveLength(2);
  });

  it('takes a job again when the worker that leased it died', async () => {
    const { ran, tasks } = recorder();
    await enqueueJobs(handle.db, [{ task: 'record', payload: { n: 'orphan' } }]);
    // A worker leased it and died before finishing: attempts counted, due when the lease ends.
    await handle.db
      .update(jobs)
      .set({ attempts: 1, runAt: sql`now() + interval '5 minutes'` })
      .where(eq(jobs.task, 'record'));
    const runner = createJobRunner({ db: handle.db, tasks });
    expect(await runner.runOnce()).toBe(0);
    await makeDue();
    expect(await runner.runOnce()).toBe(1);
    expect(ran).toEqual([{ n: 'orphan' }]);
    expect(await jobRow()).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('leaves tasks it does not know to the servers that do', async () => {
    await enqueueJobs(handle.db, [{ task: 'other', payload: {} }]);
    await createJobRunner({ db: handle.db, tasks: recorder().tasks }).runOnce();
    const [row] = await handle.db.select().from(jobs).where(eq(jobs.task, 'other'));
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('deletes finished jobs past their keeping time, and keeps failed ones', async () => {
    const { tasks } = recorder();
    await enqueueJobs(handle.db, [
      { task: 'record', payload: { n: 'old' } },
      { task: 'record', payload: { n: 'broken' } },
    ]);
    const rows = await handle.db.select().from(jobs).where(eq(jobs.task, 'record'));
    const old = new Date(Date.now() - 20 * 86_400_000);
    await handle.db
      .update(jobs)
      .set({ status: 'done', finishedAt: old })
      .where(eq(jobs.id, rows[0]!.id));
    await handle.db
      .update(jobs)
      .set({ status: 'failed', finishedAt: old })
      .where(eq(jobs.id, rows[1]!.id));
    const upkeep = jobUpkeep({ db: handle.db });
    await createJobRunner({
      db: handle.db,
      tasks: { ...tasks, ...upkeep.tasks },
      schedules: upkeep.schedules,
    }).runOnce();
    const left = await handle.db.select().from(jobs).where(eq(jobs.task, 'record'));
    expect(left.map((row) => row.status)).toEqual(['failed']);
  });

  it('backs off exponentially with jitter, capped at an hour', () => {
    expect(retryDelayMs(1, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(3, () => 0.5)).toBe(120_000);
    expect(retryDelayMs(30, () => 0.5)).toBe(3_600_000);
    expect(retryDelayMs(1, () => 0)).toBe(22_500);
    expect(retryDelayMs(1, () => 1)).toBe(37_500);
  });
});
