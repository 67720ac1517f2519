import { emailJobs, type Database, type EmailJob } from '@parkside/db';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { type Mailer } from './mailer';
import { type EmailMessage } from './types';

/** A message for the queue: one recipient, rendered now, sent by the worker. */
export interface QueuedEmail extends EmailMessage {
  /** What it is about (booking-confirmed-driver, ...): for support and for tests. */
  kind: string;
}

/**
 * Stores messages for delivery. Call it with the transaction that makes the change the messages
 * report: they are sent only if that change commits, and they survive a crash or a mail outage.
 */
export async function enqueueEmails(db: Database, messages: QueuedEmail[]): Promise<void> {
  if (messages.length === 0) return;
  await db.insert(emailJobs).values(
    messages.map((m) => ({
      toAddress: m.to,
      subject: m.subject,
      textBody: m.text,
      htmlBody: m.html,
      kind: m.kind,
    })),
  );
}

export interface EmailWorkerOptions {
  db: Database;
  mailer: Mailer;
  /** How often to look for mail when idle (default 1000 ms). */
  pollIntervalMs?: number;
  /** Messages taken per round (default 10). */
  batchSize?: number;
  /** After this many failed attempts a message is marked failed (default 8). */
  maxAttempts?: number;
  /** How long a taken message is reserved before another worker may retry it (default 5 min). */
  leaseMs?: number;
  /** Called when a send fails; the message is retried later. */
  onError?: (error: unknown, job: EmailJob) => void;
}

export interface EmailWorker {
  start(): void;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
  /** One round: takes due messages, sends them, returns how many were sent. */
  runOnce(): Promise<number>;
}

/** Retry delay after the nth failure: 30 s, 1 min, 2 min, ... capped at 1 h, with jitter. */
export function retryDelayMs(attempt: number, random = Math.random): number {
  const base = Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);
  return Math.round(base * (0.75 + random() * 0.5));
}

/**
 * Delivers queued mail. A round leases due messages with one UPDATE ... FOR UPDATE SKIP LOCKED
 * (so several app servers never take the same message), then sends them outside any transaction:
 * a slow mail server holds no database lock. A message whose worker died is retried when its
 * lease runs out, so delivery is at least once.
 */
export function createEmailWorker(options: EmailWorkerOptions): EmailWorker {
  const { db, mailer } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const batchSize = options.batchSize ?? 10;
  const maxAttempts = options.maxAttempts ?? 8;
  const leaseMs = options.leaseMs ?? 300_000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;

  async function lease(): Promise<EmailJob[]> {
    const due = db
      .select({ id: emailJobs.id })
      .from(emailJobs)
      .where(and(eq(emailJobs.status, 'pending'), lte(emailJobs.runAfter, sql`now()`)))
      .orderBy(asc(emailJobs.runAfter), asc(emailJobs.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(emailJobs)
      .set({
        attempts: sql`${emailJobs.attempts} + 1`,
        runAfter: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
      })
      .where(inArray(emailJobs.id, due))
      .returning();
  }

  async function round(): Promise<number> {
    let sent = 0;
    for (const job of await lease()) {
      try {
        await mailer.send({
          to: job.toAddress,
          subject: job.subject,
          text: job.textBody,
          html: job.htmlBody,
        });
        await db
          .update(emailJobs)
          .set({ status: 'sent', sentAt: new Date(), lastError: null })
          .where(eq(emailJobs.id, job.id));
        sent += 1;
      } catch (error) {
        options.onError?.(error, job);
        const failed = job.attempts >= maxAttempts;
        await db
          .update(emailJobs)
          .set({
            status: failed ? 'failed' : 'pending',
            runAfter: new Date(Date.now() + retryDelayMs(job.attempts)),
            lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
          })
          .where(eq(emailJobs.id, job.id));
      }
    }
    return sent;
  }

  function runOnce(): Promise<number> {
    running ??= round().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .then((sent) => {
          // A full batch means more may be waiting: go again at once.
          if (sent >= batchSize && !stopped) return runOnce();
        })
        .catch((error: unknown) => {
          // The database may be restarting; the next round tries again.
          console.error('Mail queue round failed:', error);
        })
        .finally(schedule);
    }, pollIntervalMs);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
    runOnce,
  };
}
