import type { ApiCaller } from '@parkside/api';
import { formatUsd, type MoneyTerms } from '@parkside/validators';
import { Link } from '@remix-run/react';
import { CancelEventDialog } from '~/components/events/cancel-event-dialog';
import { buttonClasses } from '~/components/ui/button';
import { IntentForm } from '~/components/forms/intent-form';

/** admin.event's answer: one event with everything on it. */
export type AdminEventPage = Awaited<ReturnType<ApiCaller['admin']['event']>>;

/** Edit, cancel (with what it refunds), archive and unarchive, as the event's state allows. */
export function AdminEventActions({
  event,
  cancelWouldRefund,
  terms,
}: {
  event: AdminEventPage['event'];
  cancelWouldRefund: AdminEventPage['cancelWouldRefund'];
  /** The site's payment mode; a booking of this event paid by card makes its cancel refund. */
  terms: MoneyTerms;
}) {
  const refunds = { ...terms, online: cancelWouldRefund.paidByCard > 0 };
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
          terms={refunds}
        />
      ) : null}
      {canArchive ? <EventIntentButton eventId={event.id} intent="archive" /> : null}
      {event.status === 'archived' ? (
        <EventIntentButton eventId={event.id} intent="unarchive" />
      ) : null}
      {canCancel && cancelWouldRefund.bookings > 0 ? (
        <p className="w-full text-sm text-slate-600">
          Cancelling cancels {cancelWouldRefund.bookings}{' '}
          {cancelWouldRefund.bookings === 1 ? 'booking' : 'bookings'}
          {cancelWouldRefund.paidByCard > 0
            ? `; ${formatUsd(cancelWouldRefund.cents)} goes back to drivers' cards.`
            : terms.online
              ? '; none was paid by card, so nothing goes back.'
              : '; they are paid on arrival, so nothing was charged.'}
        </p>
      ) : null}
    </div>
  );
}

const INTENT_LABELS = {
  archive: ['Archive', 'Archiving…'],
  unarchive: ['Unarchive', 'Unarchiving…'],
} as const;

/** Archive or unarchive the event: a one-button form back to this page. */
function EventIntentButton({
  eventId,
  intent,
}: {
  eventId: string;
  intent: keyof typeof INTENT_LABELS;
}) {
  const [label, pending] = INTENT_LABELS[intent];
  return (
    <IntentForm
      intent={`${intent}-${eventId}`}
      fields={{ id: eventId }}
      variant="secondary"
      pendingText={pending}
    >
      {label}
    </IntentForm>
  );
}
