import type { ApiCaller } from '@parkside/api';
import { formatUsd } from '@parkside/validators';
import { Form, Link } from '@remix-run/react';
import { CancelEventDialog } from '~/components/events/cancel-event-dialog';
import { SubmitButton } from '~/components/forms/submit-button';
import { buttonClasses } from '~/components/ui/button';

/** admin.event's answer: one event with everything on it. */
export type AdminEventPage = Awaited<ReturnType<ApiCaller['admin']['event']>>;

/** Edit, cancel (with what it refunds), archive and unarchive, as the event's state allows. */
export function AdminEventActions({
  event,
  cancelWouldRefund,
}: {
  event: AdminEventPage['event'];
  cancelWouldRefund: AdminEventPage['cancelWouldRefund'];
}) {
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
