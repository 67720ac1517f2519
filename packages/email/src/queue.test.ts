import { emailJobs, jobs } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { createJobRunner, type JobRunner } from '@parkside/jobs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';
import { emailTasks, enqueueEmails, sendEmailTask } from './queue';
import { createSmtpTransport } from './smtp-transport';
import { startTestSmtpServer, type TestSmtpServer } from './testing';

let handle: TestDatabase;
let smtp: TestSmtpServer;
let worker: JobRunner | undefined;

beforeAll(async () => {
  handle = await createTestDatabase();
  smtp = await startTestSmtpServer();
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  smtp.setFailing(false);
});
afterAll(async () => {
  await smtp.close();
  await handle.close();
});

function mailer() {
  return createMailer({
    transport: createSmtpTransport(smtp.url),
    from: 'Parkside <no-reply@parkside.test>',
  });
}

/** A job runner that delivers mail, as each app server runs one. */
function mailWorker(options: { batchSize?: number; pollIntervalMs?: number } = {}) {
  return createJobRunner({
    db: handle.db,
    tasks: emailTasks({ db: handle.db, mailer: mailer() }).tasks,
    onError: () => undefined,
    ...options,
  });
}

/** The delivery job of the message sent to `to`. */
async function jobTo(to: string) {
  const [message] = await handle.db.select().from(emailJobs).where(eq(emailJobs.toAddress, to));
  const [job] = await handle.db
    .select()
    .from(jobs)
    .where(
      sql`${jobs.task} = ${sendEmailTask.name} and ${jobs.payload} ->> 'emailId' = ${String(message!.id)}`,
    );
  return { message: message!, job: job! };
}

const message = (to: string, subject = 'Hello') => ({
  to,
  subject,
  text: 'Plain text',
  html: '<p>HTML</p>',
  kind: 'test',
});

describe('mail queue', () => {
  it('delivers what was queued, once, and marks it sent', async () => {
    await enqueueEmails(handle.db, [message('one@example.com'), message('two@example.com')]);
    worker = mailWorker({ pollIntervalMs: 50 });
    worker.start();
    await smtp.waitFor((m) => m.to.includes('one@example.com'));
    await smtp.waitFor((m) => m.to.includes('two@example.com'));
    await expect
      .poll(async () => {
        const rows = await handle.db.select().from(emailJobs);
        return rows.filter((r) => r.status === 'sent').length;
      })
      .toBe(2);
    // Nothing is sent twice by later rounds.
    await worker.runOnce();
    expect(smtp.messages.filter((m) => m.to.includes('one@example.com'))).toHaveLength(1);
  });

  it('keeps mail queued in a transaction that rolls back out of the queue', async () => {
    await handle.db
      .transaction(async (tx) => {
        await enqueueEmails(tx as never, [message('never@example.com')]);
        throw new Error('the booking failed');
      })
      .catch(() => undefined);
    const rows = await handle.db
      .select()
      .from(emailJobs)
      .where(eq(emailJobs.toAddress, 'never@example.com'));
    expect(rows).toHaveLength(0);
    expect(await handle.db.select().from(jobs)).toHaveLength(
      (await handle.db.select().from(emailJobs)).length,
    );
  });

  it('retries later when the mail server refuses, and delivers once it is back', async () => {
    smtp.setFailing(true);
    await enqueueEmails(handle.db, [message('later@example.com', 'Retry me')]);
    worker = mailWorker();
    expect(await worker.runOnce()).toBe(0);
    const { message: queued, job } = await jobTo('later@example.com');
    expect(queued.status).toBe('pending');
    expect(queued.lastError).toBeTruthy();
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now() + 10_000);

    // Once due again and the server accepts, it goes out.
    smtp.setFailing(false);
    await handle.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job.id));
    expect(await worker.runOnce()).toBe(1);
    await smtp.waitFor((m) => m.subject === 'Retry me');
  });

  it('gives up after the last attempt and marks the message failed', async () => {
    smtp.setFailing(true);
    await enqueueEmails(handle.db, [message('bounce@example.com')]);
    const { job } = await jobTo('bounce@example.com');
    await handle.db.update(jobs).set({ maxAttempts: 2 }).where(eq(jobs.id, job.id));
    worker = mailWorker();
    for (let i = 0; i < 2; i++) {
      await handle.db
        .update(jobs)
        .set({ runAt: new Date(Date.now() - 1000) })
        .where(eq(jobs.id, job.id));
      await worker.runOnce();
    }
    const after = await jobTo('bounce@example.com');
    expect(after.message.status).toBe('failed');
    expect(after.job).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('two workers on one database never send the same message twice', async () => {
    const addresses = Array.from({ length: 12 }, (_, i) => `pair-${i}@example.com`);
    await enqueueEmails(
      handle.db,
      addresses.map((a) => message(a)),
    );
    const a = mailWorker({ batchSize: 3 });
    const b = mailWorker({ batchSize: 3 });
    let total = 0;
    for (let i = 0; i < 4; i++) {
      const [x, y] = await Promise.all([a.runOnce(), b.runOnce()]);
      total += x + y;
    }
    expect(total).toBe(12);
    for (const address of addresses) {
      await smtp.waitFor((m) => m.to.includes(address));
      expect(smtp.messages.filter((m) => m.to.includes(address))).toHaveLength(1);
    }
  });
});
