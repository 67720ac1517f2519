import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { requireAdmin } from '~/.server/auth';
import { tryApi } from '~/.server/api-errors';
import { redirectWithToast } from '~/.server/toast';
import { ApiTokenList } from '~/components/admin/api-token-list';
import { ErrorList, inputClass } from '~/components/forms/field';
import { SubmitButton } from '~/components/forms/submit-button';
import { AdminPageHeader } from '~/components/admin/admin-page-header';

export const meta: MetaFunction = () => [{ title: 'API tokens · Admin · Parkside' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  return { tokens: await context.api.apiToken.list() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireAdmin(context, request);
  const form = await request.formData();
  if (form.get('intent') === 'revoke') {
    const result = await tryApi(() => context.api.apiToken.revoke({ id: String(form.get('id')) }));
    return redirectWithToast('/admin/api-tokens', {
      type: result.ok ? 'success' : 'error',
      title: result.ok ? 'The token is revoked.' : result.error,
    });
  }
  const name = String(form.get('name') ?? '');
  const scope = form.get('scope') === 'storage:write' ? 'storage:write' : 'storage:read';
  const result = await tryApi(() => context.api.apiToken.create({ name, scope }));
  if (!result.ok) return data({ error: result.error, name, created: null }, { status: 400 });
  return { error: null, name: '', created: result.value };
}

export default function ApiTokensPage() {
  const { tokens } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const created = actionData?.created;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <AdminPageHeader title="API tokens">
        Internal tools send <code className="font-mono text-sm">Authorization: Bearer …</code> to
        the storage API and act as the admin who made the token.
      </AdminPageHeader>

      {created ? (
        <div role="status" className="bg-brand-50 ring-brand-200 rounded-2xl p-5 ring-1">
          <p className="font-semibold">
            Token “{created.name}” created. Copy it now: it is shown only once.
          </p>
          <p className="mt-2 rounded-lg bg-white px-3 py-2 font-mono text-sm break-all ring-1 ring-slate-200">
            {created.secret}
          </p>
        </div>
      ) : null}

      <section
        aria-labelledby="new-token"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <h2 id="new-token" className="text-lg font-bold">
          New token
        </h2>
        <Form
          key={created?.id ?? 'new'}
          method="post"
          className="mt-4 grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end"
        >
          <div className="flex flex-col gap-1.5">
            <label htmlFor="token-name" className="text-sm font-semibold text-slate-800">
              Name
            </label>
            <input
              id="token-name"
              name="name"
              required
              maxLength={60}
              defaultValue={actionData?.name ?? ''}
              placeholder="Photo importer"
              aria-invalid={actionData?.error ? true : undefined}
              aria-describedby={actionData?.error ? 'token-error' : undefined}
              className={inputClass}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="token-scope" className="text-sm font-semibold text-slate-800">
              Scope
            </label>
            <select id="token-scope" name="scope" className={inputClass}>
              <option value="storage:read">storage:read</option>
              <option value="storage:write">storage:write</option>
            </select>
          </div>
          <SubmitButton name="intent" value="create" pendingText="Creating…">
            Create token
          </SubmitButton>
          <div className="sm:col-span-3">
            <ErrorList id="token-error" errors={actionData?.error ? [actionData.error] : null} />
          </div>
        </Form>
      </section>

      <section
        aria-labelledby="all-tokens"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <h2 id="all-tokens" className="text-lg font-bold">
          Tokens
        </h2>
        <div className="mt-2">
          <ApiTokenList tokens={tokens} />
        </div>
      </section>
    </div>
  );
}
