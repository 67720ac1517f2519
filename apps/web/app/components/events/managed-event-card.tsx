import type { MoneyTerms } from '@parkside/validators';
import type { ManagedEvent } from '@parkside/api';
import { Form, Link } from '@remix-run/react';
import { SubmitButton } from '~/components/forms/submit-button';
import { buttonClasses } from '~/components/ui/button';
import { formatEventDate, formatEventTime } from '~/utils/event-time';
import { CancelEventDialog } from './cancel-event-dialog';

const BADGES = {
  upcoming: ['Upcoming', 'bg-emerald-100 text-emerald-900'],
  ended: ['Ended', 'bg-slate-100 text-slate-700'],
  cancelled: ['Cancelled', 'bg-red-100 text-red-800'],
  archived: ['Archived', 'bg-amber-100 text-amber-900'],
} as const;

function badgeOf(event: ManagedEvent): keyof typeof BADGES {
  if (event.status === 'scheduled') return event.upcoming ? 'upcoming' : 'ended';
  return event.status;
}

/** One event on /registered-events or /archived-events, with what this user may do to it. */
export function ManagedEventCard({
  event,
  isAdmin,
  terms,
}: {
  event: ManagedEvent;
  isAdmin: boolean;
  /** The site's payment mode: what cancelling the event does to the money. */
  terms: MoneyTerms;
}) {
  const [label, colors] = BADGES[badgeOf(event)];
  const headingId = `managed-${event.id}`;
  const canEdit = isAdmin || event.status === 'scheduled';
  const canArchive = isAdmin && event.status !== 'archived' && !event.upcoming;
  const bookings =
    event.confirmedBookings === 1 ? '1 booking' : `${event.confirmedBookings} bookings`;

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-1 flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-lg leading-snug font-bold">
          {event.title}
        </h3>
        <span className={`rounded-full px-3 py-1 text-xs font-bold ${colors}`}>{label}</span>
      </div>
      <dl className="grid gap-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="font-semibold text-slate-900">When</dt>
        <dd>
          <time dateTime={event.startsAt}>
            {formatEventDate(event.startsAt, event.timeZone)},{' '}
            {formatEventTime(event.startsAt, event.timeZone)}
          </time>{' '}
          to <time dateTime={event.endsAt}>{formatEventTime(event.endsAt, event.timeZone)}</time>
        </dd>
        <dt className="font-semibold text-slate-900">Where</dt>
        <dd>
          {event.venueName}, {event.city}, {event.region}
        </dd>
        <dt className="font-semibold text-slate-900">Parking</dt>
        <dd>{bookings}</dd>
        {isAdmin ? (
          <>
            <dt className="font-semibold text-slate-900">Registered by</dt>
            <dd>{event.creatorName ?? 'Parkside'}</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        {canEdit ? (
          <Link
            to={`/register-event?event=${event.id}`}
            className={buttonClasses({ variant: 'secondary' })}
            aria-label={`Edit ${event.title}`}
          >
            Edit
          </Link>
        ) : null}
        {event.upcoming ? (
          <Link to={`/rent?event=${event.id}`} className={buttonClasses({ variant: 'ghost' })}>
            See parking
          </Link>
        ) : null}
        {isAdmin && event.upcoming ? <CancelEventDialog event={event} terms={terms} /> : null}
        {canArchive || (isAdmin && event.status === 'archived') ? (
          <Form method="post">
            <input type="hidden" name="id" value={event.id} />
            <SubmitButton
              variant="secondary"
              name="intent"
              value={`${canArchive ? 'archive' : 'unarchive'}-${event.id}`}
              pendingText={canArchive ? 'Archiving…' : 'Restoring…'}
            >
              {canArchive ? 'Archive' : 'Unarchive'}
            </SubmitButton>
          </Form>
        ) : null}
      </div>
    </article>
  );
}

/** Managed events as a grid of cards, two across on a laptop. */
export function ManagedEventList({
  events,
  isAdmin,
  terms,
  className = '',
}: {
  events: ManagedEvent[];
  isAdmin: boolean;
  terms: MoneyTerms;
  className?: string;
}) {
  return (
    <ul className={`grid gap-4 lg:grid-cols-2 ${className}`}>
      {events.map((event) => (
        <li key={event.id} className="flex flex-col">
          <ManagedEventCard event={event} isAdmin={isAdmin} terms={terms} />
        </li>
      ))}
    </ul>
  );
}
