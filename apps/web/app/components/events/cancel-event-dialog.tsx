import { EVENT_CANCEL_REASON_MAX_LENGTH } from '@parkside/validators';
import { useId } from 'react';
import { buttonClasses } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';

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
  const reasonId = useId();
  return (
    <ConfirmDialog
      trigger="Cancel event"
      triggerClassName={buttonClasses({
        variant: 'secondary',
        className: 'text-red-800 ring-red-300 hover:bg-red-50',
      })}
      title={`Cancel ${event.title}?`}
      description={<p>{bookingsSentence(event.confirmedBookings)} This cannot be undone.</p>}
      intent={`cancel-${event.id}`}
      hidden={{ id: event.id }}
      keepLabel="Keep event"
      confirmLabel="Cancel event"
      pendingText="Cancelling…"
    >
      <label htmlFor={reasonId} className="text-sm font-semibold text-slate-800">
        Reason, shown to drivers
      </label>
      <textarea
        id={reasonId}
        name="reason"
        required
        minLength={3}
        maxLength={EVENT_CANCEL_REASON_MAX_LENGTH}
        rows={3}
        placeholder="e.g. The venue closed the event because of the storm warning."
        className="focus:border-brand-600 focus:outline-brand-600/30 w-full rounded-lg border border-slate-300 px-3 py-2 text-base focus:outline-2"
      />
    </ConfirmDialog>
  );
}
