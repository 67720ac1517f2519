import { publicMessageOf } from '@parkside/api/errors';
import { AUDIT_ACTION_NAMES } from '@parkside/validators';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { requireAdmin } from '~/.server/auth';
import { AdminEmpty } from '~/components/admin/admin-list-parts';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { AuditFilters } from '~/components/admin/audit-filters';
import { AuditList } from '~/components/admin/audit-list';
import { PageBody } from '~/components/layout/page-body';
import { ButtonLink } from '~/components/ui/button-link';

export const meta: MetaFunction = () => [{ title: 'Audit log · Admin · Parkside' }];

type Action = (typeof AUDIT_ACTION_NAMES)[number];
const isAction = (value: string): value is Action =>
  (AUDIT_ACTION_NAMES as readonly string[]).includes(value);
const DAY = /^\d{4}-\d\d-\d\d$/;

/** The filters as the address gives them; empty ones left out. */
function filtersOf(request: Request) {
  const params = new URL(request.url).searchParams;
  const get = (name: string) => (params.get(name) ?? '').trim().slice(0, 254);
  return {
    action: get('action'),
    actor: get('actor'),
    target: get('target'),
    from: get('from'),
    to: get('to'),
    cursor: get('cursor'),
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  const filters = filtersOf(request);
  const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
  try {
    const page = await context.api.admin.audit({
      action: isAction(filters.action) ? filters.action : undefined,
      actor: filters.actor || undefined,
      target: filters.target || undefined,
      // Whole UTC days, the last one included.
      from: DAY.test(filters.from) ? `${filters.from}T00:00:00.000Z` : undefined,
      to: DAY.test(filters.to) ? dayAfter(filters.to).toISOString() : undefined,
      cursor: filters.cursor || undefined,
    });
    return { filters, page, error: null };
  } catch (error) {
    return { filters, page: null, error: publicMessageOf(error) };
  }
}

export default function AdminAudit() {
  const { filters, page, error } = useLoaderData<typeof loader>();
  const { pathname, search } = useLocation();
  const olderHref = (cursor: string) => {
    const params = new URLSearchParams(search);
    params.set('cursor', cursor);
    return `${pathname}?${params.toString()}`;
  };
  const newestHref = () => {
    const params = new URLSearchParams(search);
    params.delete('cursor');
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  return (
    <PageBody width="5xl">
      <AdminPageHeader title="Audit log">
        Every admin action, newest first: who, what, on which record, when and from where. Nothing
        in Parkside can change or delete an entry.
      </AdminPageHeader>
      <AuditFilters filters={filters} />
      {error ? (
        <p role="alert" className="mt-8 rounded-2xl bg-red-50 p-5 text-red-900 ring-1 ring-red-200">
          {error}
        </p>
      ) : page && page.items.length === 0 ? (
        <AdminEmpty>
          {filters.cursor
            ? 'There are no older entries.'
            : Object.values(filters).some(Boolean)
              ? 'No admin action matches these filters.'
              : 'No admin has done anything yet.'}
        </AdminEmpty>
      ) : page ? (
        <div className="mt-6 rounded-2xl bg-white px-5 py-2 shadow-sm ring-1 ring-slate-200">
          <AuditList rows={page.items} />
        </div>
      ) : null}
      {page && (page.next || filters.cursor) ? (
        <nav aria-label="Pages" className="mt-8 flex flex-wrap justify-center gap-3">
          {filters.cursor ? (
            <ButtonLink to={newestHref()} variant="secondary">
              <span aria-hidden="true">←</span> Newest entries
            </ButtonLink>
          ) : null}
          {page.next ? (
            <ButtonLink to={olderHref(page.next)} variant="secondary">
              Older entries <span aria-hidden="true">→</span>
            </ButtonLink>
          ) : null}
        </nav>
      ) : null}
    </PageBody>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
