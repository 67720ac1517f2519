import type { ApiCaller } from '@parkside/api';
import { redirectWithToast } from './toast';
import { createFromForm, tryApi, type CreatedOrRefused } from './api-errors';

/** What the token form sent, as `apiToken.create` takes it (the API validates it). */
function tokenRequest(form: FormData) {
  const number = (name: string) => {
    const value = String(form.get(name) ?? '').trim();
    return value === '' ? undefined : Number(value);
  };
  return {
    name: String(form.get('name') ?? ''),
    scopes: form.getAll('scopes').map(String) as never,
    expiresInDays: number('expiresInDays'),
    rateLimitPerMinute: number('rateLimitPerMinute'),
  };
}

export type TokenFormResult = CreatedOrRefused<
  Awaited<ReturnType<ApiCaller['apiToken']['create']>>,
  ReturnType<typeof tokenRequest>
>;

/**
 * The token actions of /account-settings and /admin/api-tokens: create (the secret comes back
 * to show once) and revoke (`revokeAny` on the admin page). Null when the intent is another.
 */
export async function apiTokenAction(
  api: ApiCaller,
  form: FormData,
  { page, anyToken }: { page: string; anyToken: boolean },
): Promise<Response | TokenFormResult | null> {
  const intent = form.get('intent');
  if (intent === 'revoke-token') {
    const id = String(form.get('id') ?? '');
    const result = await tryApi(() =>
      anyToken ? api.apiToken.revokeAny({ id }) : api.apiToken.revoke({ id }),
    );
    return redirectWithToast(page, {
      type: result.ok ? 'success' : 'error',
      title: result.ok ? `The token “${result.value.name}” is revoked.` : result.error,
    });
  }
  if (intent !== 'create-token') return null;
  return createFromForm(tokenRequest(form), (request) => api.apiToken.create(request));
}
