import {
  EVENT_CANCEL_REASON_MAX_LENGTH,
  eventCancelText,
  type MoneyTerms,
} from '@parkside/validators';
import { ConfirmDialog, ReasonField } from '~/components/ui/confirm-dialog';

/** An admin cancels an event, after reading what that does to its bookings and giving a reason. */
export function CancelEventDialog({
  event,
  terms,
}: {
  event: { id: string; title: string; confirmedBookings: number };
  /** The site's payment mode: what the cancel does to the money. */
  terms: MoneyTerms;
}) {
  return (
    <ConfirmDialog
      trigger="Cancel event"
      triggerVariant="danger"
      title={`Cancel ${event.title}?`}
      description={
        <p>{eventCancelText(terms, event.confirmedBookings, 'before')} This cannot be undone.</p>
      }
      intent={`cancel-${event.id}`}
      fields={{ id: event.id }}
      keepLabel="Keep event"
      confirmLabel="Cancel event"
      pendingText="Cancelling…"
    >
      <ReasonField
        label="Reason, shown to drivers"
        maxLength={EVENT_CANCEL_REASON_MAX_LENGTH}
        placeholder="e.g. The venue closed the event because of the storm warning."
      />
    </ConfirmDialog>
  );
}
