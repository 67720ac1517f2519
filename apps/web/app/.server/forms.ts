import { httpStatusOf, publicMessageOf, retryAfterOf } from '@parkside/api/errors';
import type { SubmissionResult } from '@conform-to/react';
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { redirectIfSignedIn } from './auth';

/**
 * The answer to a form whose submission the server refused: the form's own state with the
 * reason as a form-level error, and the matching status (400, 401, 404, 409, 429, 503); a 429
 * or 503 says how long to wait in `Retry-After`.
 */
export function refuseForm(
  reply: (options: { formErrors: string[]; hideFields?: string[] }) => SubmissionResult<string[]>,
  error: unknown,
  { hideFields, headers }: { hideFields?: string[]; headers?: Headers } = {},
) {
  const status = httpStatusOf(error);
  // A 503 (a write whose database connection dropped) is said on the form: the same submission
  // again answers what happened.
  if (status >= 500 && status !== 503) throw error;
  return data(reply({ formErrors: [publicMessageOf(error)], hideFields }), {
    status,
    headers: refusalHeaders(error, headers),
  });
}

/** `headers` plus, for a 429, how long to wait (`Retry-After`, in seconds). */
export function refusalHeaders(error: unknown, headers?: HeadersInit): Headers {
  const answer = new Headers(headers);
  const retryAfter = retryAfterOf(error);
  if (retryAfter !== undefined) answer.set('Retry-After', String(retryAfter));
  return answer;
}

export function providerList(oauth: Map<string, { id: string; label: string }>) {
  return [...oauth.values()].map(({ id, label }) => ({ id, label }));
}

/** /login and /register: a signed-in visitor moves on; others get the social login buttons. */
export function authPageLoader({ request, context }: LoaderFunctionArgs) {
  redirectIfSignedIn(context, request);
  return { providers: providerList(context.oauth) };
}
