import { ADMIN_PAGE_MAX, ADMIN_SEARCH_MAX_LENGTH } from '@parkside/validators';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { requireAdmin } from '~/.server/auth';
import { redirectAfter } from '~/.server/toast';
import { AdminEmpty, Badge } from '~/components/admin/admin-list-parts';
import { AdminsPanel } from '~/components/admin/admins-panel';
import { ListSearch } from '~/components/ui/list-search';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { PageLinks, PastTheLastPage } from '~/components/ui/page-links';
import { pageParam, searchParam } from '~/utils/paging';
import { PageBody } from '~/components/layout/page-body';
import { utcDay } from '~/utils/utc-time';

export const meta: MetaFunction = () => [{ title: 'Users · Admin · Parkside' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  const q = searchParam(request, ADMIN_SEARCH_MAX_LENGTH);
  const [users, admins] = await Promise.all([
    context.api.admin.users({ q: q || undefined, page: pageParam(request, ADMIN_PAGE_MAX) }),
    context.api.admin.admins(),
  ]);
  return { q, users, admins };
}

/** Grant or revoke admin by e-mail, back to the same page with a toast saying what happened. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireAdmin(context, request);
  const url = new URL(request.url);
  const backTo = `${url.pathname}${url.search}`;
  const form = await request.formData();
  const email = String(form.get('email') ?? '').trim();
  return redirectAfter(backTo, async () => {
    if (form.get('intent') === 'revoke') {
      await context.api.admin.revokeAdmin({ email });
      return {
        type: 'success',
        title: `${email} is no longer an admin.`,
        description: 'It takes effect on their next page.',
      };
    }
    const { email: granted, granted: changed } = await context.api.admin.grantAdmin({ email });
    return {
      type: 'success',
      title: changed ? `${granted} is now an admin.` : `${granted} already was an admin.`,
      description: changed
        ? 'If nobody has signed up with it yet, whoever does will be an admin.'
        : undefined,
    };
  });
}

export default function AdminUsers() {
  const { q, users, admins } = useLoaderData<typeof loader>();
  return (
    <PageBody width="6xl">
      <AdminPageHeader title="Users">
        Everyone with an account, newest first, and who the admins are.
      </AdminPageHeader>
      <div className="mt-2 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0">
          <ListSearch id="admin-users-q" label="Search by e-mail or name" q={q} filtered={!!q} />
          {users.items.length === 0 ? (
            users.page > 1 ? (
              <PastTheLastPage />
            ) : (
              <AdminEmpty>
                {q ? (
                  <>
                    No user&apos;s e-mail or name contains <strong>“{q}”</strong>.
                  </>
                ) : (
                  'Nobody has signed up yet.'
                )}
              </AdminEmpty>
            )
          ) : (
            <>
              <p className="mt-6 text-sm text-slate-600" aria-live="polite">
                {users.total === 1 ? '1 user' : `${users.total} users`}
                {q ? ` matching “${q}”` : ''}
              </p>
              <ul className="mt-2 divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
                {users.items.map((user) => (
                  <li key={user.id}>
                    <Link
                      to={`/admin/users/${encodeURIComponent(user.id)}`}
                      className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 hover:bg-slate-50"
                    >
                      <span className="min-w-0">
                        <span className="text-ink block font-semibold">{user.name}</span>
                        <span className="block text-sm break-all text-slate-600">{user.email}</span>
                      </span>
                      <span className="flex flex-wrap items-center gap-1.5">
                        {user.isAdmin ? <Badge tone="brand">Admin</Badge> : null}
                        {user.isHost ? <Badge>Host</Badge> : null}
                        {user.emailVerified ? null : <Badge tone="amber">Unverified</Badge>}
                        <span className="text-xs text-slate-600">
                          Joined {utcDay.format(new Date(user.createdAt))}
                        </span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
          <PageLinks page={users.page} hasMore={users.page < users.pageCount} />
        </div>
        <AdminsPanel admins={admins} />
      </div>
    </PageBody>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
