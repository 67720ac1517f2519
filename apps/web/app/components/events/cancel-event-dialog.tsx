import { EVENT_CANCEL_REASON_MAX_LENGTH } from '@parkside/validators';
import { ConfirmDialog, ReasonField } from '~/components/ui/confirm-dialog';

function bookingsSentence(count: number): string {
  if (count === 0) return 'Nobody has booked parking for it yet, so no bookings are affected.';
  const bookings = count === 1 ? '1 booking' : `${count} bookings`;
  return `${bookings} will be cancelled, card payments refunded in full, and every driver and host e-mailed.`;
}

/** An admin cancels an event, after reading what that does to its bookings and giving a reason. */
export function CancelEventDialog({
  event,
}: {
  event: { id: string; title: string; confirmedBookings: number };
}) {
  return (
    <ConfirmDialog
      trigger="Cancel event"
      triggerVariant="danger"
      title={`Cancel ${event.title}?`}
      description={<p>{bookingsSentence(event.confirmedBookings)} This cannot be undone.</p>}
      intent={`cancel-${event.id}`}
      hidden={{ id: event.id }}
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
