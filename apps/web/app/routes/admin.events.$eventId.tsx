import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireApi } from '~/.server/api-errors';
import { requireAdmin } from '~/.server/auth';
import { bookingReversalAction } from '~/.server/booking-reversal';
import { manageEventAction } from '~/.server/event-actions';
import { AdminEventActions } from '~/components/admin/admin-event-actions';
import {
  EventBookingsTable,
  EventListingsList,
  EventWaitlist,
} from '~/components/admin/admin-event-parts';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { Badge, EventStatusBadge } from '~/components/admin/admin-list-parts';
import { AuditList } from '~/components/admin/audit-list';
import { EmptyNote } from '~/components/ui/empty-state';
import { Section } from '~/components/ui/section';
import { Stat, StatList } from '~/components/ui/stat';
import { formatEventStart } from '~/utils/event-time';
import { PageBody } from '~/components/layout/page-body';
import { siteMoneyTerms } from '~/.server/money-terms';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.event.title ?? 'Event'} · Admin · Parkside` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  const id = params.eventId ?? '';
  const [page, audit] = await Promise.all([
    requireApi(() => context.api.admin.event({ id })),
    context.api.admin.audit({ target: id }),
  ]);
  return {
    ...page,
    audit: audit.items,
    terms: siteMoneyTerms(context),
  };
}

/**
 * Cancel, archive and unarchive the event, or undo a booking's check-in or restore it; back to
 * this page with a toast (the API checks the admin).
 */
export async function action(args: ActionFunctionArgs) {
  requireAdmin(args.context, args.request);
  return (await bookingReversalAction(args)) ?? manageEventAction(args);
}

export default function AdminEvent() {
  const { event, spaces, listings, bookings, waitlist, audit, cancelWouldRefund, terms } =
    useLoaderData<typeof loader>();
  return (
    <PageBody width="6xl">
      <AdminPageHeader
        title={event.title}
        badges={
          <>
            <EventStatusBadge status={event.status} />
            {event.ended && event.status === 'scheduled' ? <Badge>Ended</Badge> : null}
          </>
        }
        back={{ to: '/admin/events', label: 'Events' }}
      >
        {formatEventStart(event.startsAt, event.timeZone)} · {event.venueName}, {event.street},{' '}
        {event.city}, {event.region}
        {event.creatorEmail ? ` · registered by ${event.creatorEmail}` : ''}
      </AdminPageHeader>
      <AdminEventActions event={event} cancelWouldRefund={cancelWouldRefund} terms={terms} />

      <StatList className="mt-8">
        <Stat label="Spaces booked" value={spaces.booked} />
        <Stat label="Spaces offered" value={spaces.offered} />
        <Stat label="Listings" value={listings.length} />
        <Stat label="On the wait-list" value={waitlist.length} />
      </StatList>

      <div className="mt-8 flex flex-col gap-6">
        <Section title="Bookings">
          <EventBookingsTable bookings={bookings} />
        </Section>
        <div className="grid gap-6 lg:grid-cols-2">
          <Section title="Listings">
            <EventListingsList listings={listings} />
          </Section>
          <Section title="Wait-list">
            <EventWaitlist waitlist={waitlist} />
          </Section>
        </div>
        <Section title="Admin actions on this event">
          {audit.length === 0 ? (
            <EmptyNote>No admin has changed this event.</EmptyNote>
          ) : (
            <AuditList rows={audit} />
          )}
        </Section>
      </div>
    </PageBody>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
