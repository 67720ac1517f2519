import { httpStatusOf, publicMessageOf } from '@parkside/api/errors';
import { data } from '@remix-run/node';
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

/**
 * Runs an API call a page cannot do without. A refusal (not found, not yours, bad id) is thrown
 * as that status with its message, so the route's error boundary shows "Not found" inside the
 * site's frame; anything else is rethrown as it is.
 */
export async function requireApi<T>(call: () => Promise<T>): Promise<T> {
  const result = await tryApi(call);
  if (result.ok) return result.value;
  // A malformed id in the address names no record: to the person, that page does not exist.
  if (result.status === 400) throw data({ message: 'We could not find that page.' }, 404);
  throw data({ message: result.error }, result.status);
}

/** What a form that creates something with a secret answers: the new thing (its secret shown
 * once), or the API's words with what was sent, to fill the form in again. */
export type CreatedOrRefused<Created, Request> =
  | { error: null; created: Created; request: null }
  | { error: string; created: null; request: Request };

/** Sends the form's `request` to `create`, answering as `CreatedOrRefused`. */
export async function createFromForm<Created, Request>(
  request: Request,
  create: (request: Request) => Promise<Created>,
): Promise<CreatedOrRefused<Created, Request>> {
  const result = await tryApi(() => create(request));
  return result.ok
    ? { error: null, created: result.value, request: null }
    : { error: result.error, created: null, request };
}
