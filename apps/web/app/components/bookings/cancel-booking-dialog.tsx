import { cancelOutcomeText, type PaymentStatus } from '@parkside/validators';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { formatEventStart } from '~/utils/event-time';

/**
 * "Cancel booking", asked first: the dialog names the booking and what happens to the money
 * (back to the card, no refund inside the cutoff, or nothing charged); "Keep booking" or Escape
 * leaves it as it was.
 */
export function CancelBookingDialog({
  booking,
  fullRefundHours,
}: {
  booking: {
    id: string;
    eventTitle: string;
    drivewayTitle: string;
    startsAt: string;
    timeZone: string;
    priceCents: number;
    paymentStatus: PaymentStatus;
    refundIfCancelledCents: number;
  };
  fullRefundHours: number;
}) {
  return (
    <ConfirmDialog
      trigger="Cancel booking"
      title="Cancel this booking?"
      description={
        <>
          <p>
            {booking.drivewayTitle} for {booking.eventTitle},{' '}
            {formatEventStart(booking.startsAt, booking.timeZone)}.
          </p>
          <p className="font-semibold text-slate-900">
            {cancelOutcomeText(booking, booking.refundIfCancelledCents, fullRefundHours)}
          </p>
          <p>This cannot be undone.</p>
        </>
      }
      intent={`cancel-${booking.id}`}
      fields={{ bookingId: booking.id }}
      keepLabel="Keep booking"
      confirmLabel="Cancel booking"
      pendingText="Cancelling…"
    />
  );
}
