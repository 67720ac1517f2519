import { formatUsd } from '@parkside/validators';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { requireAdmin } from '~/.server/auth';
import { manageEventAction } from '~/.server/event-actions';
import { Badge, BookingStatusBadge, EventStatusBadge } from '~/components/admin/admin-search';
import { AdminCard, AdminCardEmpty } from '~/components/admin/admin-card';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { AuditList } from '~/components/admin/audit-list';
import { CancelEventDialog } from '~/components/events/cancel-event-dialog';
import { SubmitButton } from '~/components/forms/submit-button';
import { buttonClasses } from '~/components/ui/button';
import { formatEventStart } from '~/utils/event-time';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.event.title ?? 'Event'} · Admin · Parkside` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  const id = params.eventId ?? '';
  const [page, audit] = await Promise.all([
    context.api.admin.event({ id }),
    context.api.admin.audit({ target: id }),
  ]);
  return { ...page, audit: audit.items };
}

/** Cancel, archive and unarchive, back to this page with a toast (the API checks the admin). */
export async function action(args: ActionFunctionArgs) {
  requireAdmin(args.context, args.request);
  return manageEventAction(args);
}

const when = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

function Actions() {
  const { event, cancelWouldRefund } = useLoaderData<typeof loader>();
  const canCancel = event.status === 'scheduled' && !event.ended;
  const canArchive = event.status === 'cancelled' || (event.status === 'scheduled' && event.ended);
  return (
    <div className="mt-6 flex flex-wrap items-center gap-3">
      {event.status === 'scheduled' && !event.ended ? (
        <Link
          to={`/register-event?event=${event.id}`}
          className={buttonClasses({ variant: 'secondary' })}
        >
          Edit event
        </Link>
      ) : null}
      {canCancel ? (
        <CancelEventDialog
          event={{
            id: event.id,
            title: event.title,
            confirmedBookings: cancelWouldRefund.bookings,
          }}
        />
      ) : null}
      {canArchive ? (
        <Form method="post">
          <input type="hidden" name="id" value={event.id} />
          <SubmitButton
            variant="secondary"
            name="intent"
            value={`archive-${event.id}`}
            pendingText="Archiving…"
          >
            Archive
          </SubmitButton>
        </Form>
      ) : null}
      {event.status === 'archived' ? (
        <Form method="post">
          <input type="hidden" name="id" value={event.id} />
          <SubmitButton
            variant="secondary"
            name="intent"
            value={`unarchive-${event.id}`}
            pendingText="Unarchiving…"
          >
            Unarchive
          </SubmitButton>
        </Form>
      ) : null}
      {canCancel && cancelWouldRefund.bookings > 0 ? (
        <p className="w-full text-sm text-slate-600">
          Cancelling refunds {cancelWouldRefund.bookings}{' '}
          {cancelWouldRefund.bookings === 1 ? 'booking' : 'bookings'} in full (
          {formatUsd(cancelWouldRefund.cents)}).
        </p>
      ) : null}
    </div>
  );
}

export default function AdminEvent() {
  const { event, spaces, listings, bookings, waitlist, audit } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <AdminPageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {event.title}
            <EventStatusBadge status={event.status} />
            {event.ended && event.status === 'scheduled' ? <Badge>Ended</Badge> : null}
          </span>
        }
        back={{ to: '/admin/events', label: 'Events' }}
      >
        {formatEventStart(event.startsAt, event.timeZone)} · {event.venueName}, {event.street},{' '}
        {event.city}, {event.region}
        {event.creatorEmail ? ` · registered by ${event.creatorEmail}` : ''}
      </AdminPageHeader>
      <Actions />

      <dl className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {[
          ['Spaces booked', String(spaces.booked)],
          ['Spaces offered', String(spaces.offered)],
          ['Listings', String(listings.length)],
          ['On the wait-list', String(waitlist.length)],
        ].map(([term, value]) => (
          <div key={term} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <dt className="text-sm font-semibold text-slate-600">{term}</dt>
            <dd className="text-ink mt-1 text-2xl font-extrabold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>

      <div className="mt-8 flex flex-col gap-6">
        <AdminCard title="Bookings">
          {bookings.length === 0 ? (
            <AdminCardEmpty>Nobody has booked parking for this event.</AdminCardEmpty>
          ) : (
            <div className="-mx-5 overflow-x-auto px-5">
              <table className="w-full min-w-[40rem] text-left text-sm">
                <thead className="text-slate-600">
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      Driver
                    </th>
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      Plate
                    </th>
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      Vehicle
                    </th>
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      Driveway
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-semibold">
                      Price
                    </th>
                    <th scope="col" className="py-2 font-semibold">
                      Status
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {bookings.map((b) => (
                    <tr key={b.id}>
                      <td className="py-2 pr-3">
                        {b.driverId ? (
                          <Link
                            to={`/admin/users/${encodeURIComponent(b.driverId)}`}
                            className="text-ink font-semibold hover:underline"
                          >
                            {b.driverName}
                          </Link>
                        ) : (
                          <span className="text-slate-600">Deleted account</span>
                        )}
                      </td>
                      <td className="py-2 pr-3 font-mono whitespace-nowrap">
                        {b.licensePlate ?? '—'}
                      </td>
                      <td className="py-2 pr-3">{b.vehicleDescription ?? '—'}</td>
                      <td className="py-2 pr-3">{b.drivewayTitle}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">
                        {formatUsd(b.priceCents)}
                      </td>
                      <td className="py-2">
                        <BookingStatusBadge booking={b} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </AdminCard>

        <div className="grid gap-6 lg:grid-cols-2">
          <AdminCard title="Listings">
            {listings.length === 0 ? (
              <AdminCardEmpty>No driveway is listed for this event.</AdminCardEmpty>
            ) : (
              <ul className="divide-y divide-slate-100 text-sm">
                {listings.map((l) => (
                  <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <span className="min-w-0">
                      <span className="text-ink block font-semibold">{l.drivewayTitle}</span>
                      <span className="block text-slate-600">
                        {l.street}, {l.city} ·{' '}
                        {l.hostId ? (
                          <Link
                            to={`/admin/users/${encodeURIComponent(l.hostId)}`}
                            className="hover:underline"
                          >
                            {l.hostName}
                          </Link>
                        ) : (
                          'Deleted account'
                        )}
                      </span>
                    </span>
                    <span className="flex items-center gap-2">
                      <span className="tabular-nums">
                        {formatUsd(l.priceCents)} · {l.spacesBooked}/{l.spacesOffered} booked
                      </span>
                      {l.status === 'closed' ? <Badge>Closed</Badge> : null}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </AdminCard>
          <AdminCard title="Wait-list">
            {waitlist.length === 0 ? (
              <AdminCardEmpty>Nobody is waiting for a space.</AdminCardEmpty>
            ) : (
              <ul className="divide-y divide-slate-100 text-sm">
                {waitlist.map((w) => (
                  <li key={w.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <span className="min-w-0">
                      <span className="text-ink block font-semibold break-all">{w.email}</span>
                      <span className="block text-slate-600">
                        {w.name ? `${w.name} · ` : ''}joined {when.format(new Date(w.createdAt))}{' '}
                        UTC
                      </span>
                    </span>
                    {w.notifiedAt ? (
                      <Badge tone="brand">Notified {when.format(new Date(w.notifiedAt))} UTC</Badge>
                    ) : (
                      <Badge>Not notified yet</Badge>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </AdminCard>
        </div>

        <AdminCard title="Admin actions on this event">
          {audit.length === 0 ? (
            <AdminCardEmpty>No admin has changed this event.</AdminCardEmpty>
          ) : (
            <AuditList rows={audit} />
          )}
        </AdminCard>
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
