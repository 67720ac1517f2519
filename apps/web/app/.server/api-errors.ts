import { httpStatusOf, publicMessageOf } from '@parkside/api/errors';
import { TRPCError } from '@trpc/server';

/**
 * Runs an API call for a loader or action. A refusal the user can fix (bad input) comes back as
 * `{ error }` to show beside the form; anything else is rethrown for the error boundary.
 */
export async function tryApi<T>(
  call: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; status: number; error: string }> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    const status = httpStatusOf(error);
    if (status >= 500 || !(error instanceof TRPCError)) throw error;
    return { ok: false, status, error: publicMessageOf(error) };
  }
}

/**
 * Runs a call whose refusal must not undo what the action already saved (attaching an uploaded
 * photo, say). Returns false when it went through, true when it was refused or failed. A
 * refusal is expected now and then; a failure of the service behind it (5xx) is logged.
 */
export async function missedQuietly(what: string, call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return false;
  } catch (error) {
    if (httpStatusOf(error) >= 500) console.error(`${what} failed`, error);
    return true;
  }
}
