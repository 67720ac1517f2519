import { sql, type SQL } from 'drizzle-orm';

/** What these helpers need of a database: a statement to run (any driver's Drizzle database). */
interface Executor {
  execute(query: SQL): PromiseLike<unknown>;
}

/**
 * Codes that say the connection failed, not the statement: postgres.js's own, Node's socket
 * errors, and PostgreSQL's "connection exception" class (08) and shutdown codes (57P01
 * `admin_shutdown`, which `pg_terminate_backend` sends; 57P02 `crash_shutdown`; 57P03
 * `cannot_connect_now`, a server still starting).
 */
const CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
]);

/** True when `error`, or an error it wraps (Drizzle's, tRPC's), is a lost connection. */
export function isConnectionLost(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long a read waits for the database to answer again before it gives up. */
// Three seconds: a database back within a second is found even on a busy server, whose fresh
// connections take longer to open; a database that is away still fails a read within 3 s.
export const RECONNECT_WAIT_MS = 3_000;

/**
 * Waits until the database answers on a working connection, for `withinMs` at most. The pool
 * drops a connection that was cut and opens a fresh one for the next statement.
 */
export async function waitForDatabase(
  db: Executor,
  withinMs = RECONNECT_WAIT_MS,
): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      await db.execute(sql`select 1`);
      return true;
    } catch (error) {
      if (!isConnectionLost(error) || Date.now() >= deadline) return false;
      await sleep(Math.min(100, Math.max(0, deadline - Date.now())));
    }
  }
}

/**
 * Runs `run`; if it failed because its connection was cut and `mayRunAgain()` says nothing of it
 * can have taken effect, runs it again on a fresh connection once the database answers, for up to
 * three seconds after the first failure (a cut usually kills every connection of the pool, and a
 * few may still be dying when the first fresh one answers).
 */
export async function rerunIfConnectionLost<T>(
  db: Executor,
  run: () => Promise<T>,
  mayRunAgain: () => boolean,
  withinMs = RECONNECT_WAIT_MS,
): Promise<T> {
  let deadline: number | undefined;
  for (;;) {
    try {
      return await run();
    } catch (error) {
      if (!isConnectionLost(error) || !mayRunAgain()) throw error;
      deadline ??= Date.now() + withinMs;
      const left = deadline - Date.now();
      if (left <= 0 || !(await waitForDatabase(db, left))) throw error;
    }
  }
}

/**
 * A read, run again on a fresh connection if its connection was cut. Only for reads: a write
 * whose connection died may have been committed, so it is never run again blindly.
 */
export function retryReadIfConnectionLost<T>(
  db: Executor,
  read: () => Promise<T>,
  withinMs = RECONNECT_WAIT_MS,
): Promise<T> {
  return rerunIfConnectionLost(db, read, () => true, withinMs);
}
