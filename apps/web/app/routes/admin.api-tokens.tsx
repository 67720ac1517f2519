import type { MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { adminLoader, adminAction } from '~/.server/auth';
import { apiTokenAction } from '~/.server/api-tokens';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { ApiTokenForm, CreatedToken } from '~/components/api-tokens/api-token-form';
import { ApiTokenList } from '~/components/api-tokens/api-token-list';
import { PageBody } from '~/components/layout/page-body';

export const meta: MetaFunction = () => [{ title: 'API tokens · Admin · Parkside' }];

export const loader = adminLoader(async (api) => ({ tokens: await api.apiToken.list() }));

export const action = adminAction(async (api, form) => {
  const result = await apiTokenAction(api, form, { page: '/admin/api-tokens', anyToken: true });
  if (!result) return data({ error: 'Unknown action.', created: null, request: null }, 400);
  if (result instanceof Response) return result;
  return data(result, result.error ? 400 : 200);
});

export default function ApiTokensPage() {
  const { tokens } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const created = actionData?.created;
  return (
    <PageBody width="5xl">
      <AdminPageHeader title="API tokens">
        Internal tools call the API with{' '}
        <code className="font-mono text-sm">Authorization: Bearer …</code>. A token acts as its
        owner, limited to its scopes; this page shows everyone’s.
      </AdminPageHeader>
      <div className="mt-8 flex flex-col gap-6">
        {created ? <CreatedToken token={created} /> : null}

        <section
          aria-labelledby="new-token"
          className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
        >
          <h2 id="new-token" className="mb-4 text-lg font-bold">
            New token for you
          </h2>
          <ApiTokenForm isAdmin state={actionData ?? null} />
        </section>

        <section
          aria-labelledby="all-tokens"
          className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
        >
          <h2 id="all-tokens" className="text-lg font-bold">
            Every token
          </h2>
          <div className="mt-2">
            <ApiTokenList tokens={tokens} showOwner />
          </div>
        </section>
      </div>
    </PageBody>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
