import {
  ADMIN_EVENT_STATUSES,
  ADMIN_PAGE_MAX,
  ADMIN_SEARCH_MAX_LENGTH,
} from '@parkside/validators';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { requireAdmin } from '~/.server/auth';
import { AdminEmpty, EventStatusBadge } from '~/components/admin/admin-list-parts';
import { ListSearch } from '~/components/ui/list-search';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { CodeOptions, SelectRow } from '~/components/forms/plain-rows';
import { PageLinks, PastTheLastPage } from '~/components/ui/page-links';
import { formatEventStart } from '~/utils/event-time';
import { pageParam, searchParam } from '~/utils/paging';
import { PageBody } from '~/components/layout/page-body';

export const meta: MetaFunction = () => [{ title: 'Events · Admin · Parkside' }];

type Status = (typeof ADMIN_EVENT_STATUSES)[number];
const isStatus = (value: string | null): value is Status =>
  (ADMIN_EVENT_STATUSES as readonly (string | null)[]).includes(value);

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  const q = searchParam(request, ADMIN_SEARCH_MAX_LENGTH);
  const raw = new URL(request.url).searchParams.get('status');
  const status = isStatus(raw) ? raw : undefined;
  const events = await context.api.admin.events({
    q: q || undefined,
    status,
    page: pageParam(request, ADMIN_PAGE_MAX),
  });
  return { q, status: status ?? '', events };
}

const STATUS_LABELS: Record<Status, string> = {
  scheduled: 'Scheduled',
  cancelled: 'Cancelled',
  archived: 'Archived',
};

export default function AdminEvents() {
  const { q, status, events } = useLoaderData<typeof loader>();
  return (
    <PageBody width="6xl">
      <AdminPageHeader title="Events">
        Every event, scheduled, cancelled or archived, latest start first. Times are the
        venue&apos;s.
      </AdminPageHeader>
      <ListSearch
        id="admin-events-q"
        label="Search by title, venue or city"
        q={q}
        filtered={!!q || !!status}
      >
        <SelectRow
          id="admin-events-status"
          label="Status"
          name="status"
          defaultValue={status}
          className="sm:w-44"
        >
          <CodeOptions any="Any status" codes={ADMIN_EVENT_STATUSES} labels={STATUS_LABELS} />
        </SelectRow>
      </ListSearch>
      {events.items.length === 0 ? (
        events.page > 1 ? (
          <PastTheLastPage />
        ) : (
          <AdminEmpty>
            {q || status ? 'No event matches that search.' : 'No events have been registered yet.'}
          </AdminEmpty>
        )
      ) : (
        <>
          <p className="mt-6 text-sm text-slate-600" aria-live="polite">
            {events.total === 1 ? '1 event' : `${events.total} events`}
          </p>
          <ul className="mt-2 divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            {events.items.map((event) => (
              <li key={event.id}>
                <Link
                  to={`/admin/events/${event.id}`}
                  className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 hover:bg-slate-50"
                >
                  <span className="min-w-0">
                    <span className="text-ink block font-semibold">{event.title}</span>
                    <span className="block text-sm text-slate-600">
                      {formatEventStart(event.startsAt, event.timeZone)} · {event.venueName},{' '}
                      {event.city}
                    </span>
                  </span>
                  <span className="flex items-center gap-3 text-sm">
                    <span className="text-slate-700 tabular-nums">
                      {event.confirmedBookings} booked · {event.spacesOffered} offered
                    </span>
                    <EventStatusBadge status={event.status} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      <PageLinks page={events.page} hasMore={events.page < events.pageCount} />
    </PageBody>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
