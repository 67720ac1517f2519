import { ConfirmDialog, ReasonField } from '~/components/ui/confirm-dialog';

/**
 * On an event's admin page, beside a booking: undo a check-in made by mistake, or restore a
 * cancelled booking. Asked first, with the reason the audit log keeps; the API decides whether
 * it may happen (the space still free, no refund sent) and says why not.
 */
export function BookingReversal({
  booking,
}: {
  booking: { id: string; driverName: string | null; reversal: 'undoCheckIn' | 'restore' | null };
}) {
  if (!booking.reversal) return null;
  const driver = booking.driverName ?? 'a deleted account';
  const undo = booking.reversal === 'undoCheckIn';
  return (
    <ConfirmDialog
      trigger={undo ? 'Undo check-in…' : 'Restore…'}
      title={undo ? `Undo the check-in of ${driver}?` : `Restore the booking of ${driver}?`}
      description={
        undo ? (
          <p>
            The booking becomes confirmed and not checked in: the host can check the car in again,
            and the driver can cancel or report a problem again.
          </p>
        ) : (
          <p>
            The booking is confirmed again if its space is still free and no refund went back to a
            card. The driver and host are e-mailed the booking again.
          </p>
        )
      }
      intent={`${undo ? 'undo-check-in' : 'restore-booking'}-${booking.id}`}
      fields={{ bookingId: booking.id }}
      keepLabel="Back"
      confirmLabel={undo ? 'Undo check-in' : 'Restore booking'}
      pendingText={undo ? 'Undoing…' : 'Restoring…'}
    >
      <ReasonField
        label="Reason, kept in the audit log"
        maxLength={500}
        placeholder={
          undo
            ? 'e.g. The host scanned the wrong pass.'
            : 'e.g. The driver cancelled by mistake and called us.'
        }
      />
    </ConfirmDialog>
  );
}
