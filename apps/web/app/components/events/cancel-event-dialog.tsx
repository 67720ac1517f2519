import { EVENT_CANCEL_REASON_MAX_LENGTH } from '@parkside/validators';
import * as Dialog from '@radix-ui/react-dialog';
import { Form, useNavigation } from '@remix-run/react';
import { useEffect, useId, useRef, useState } from 'react';
import { SubmitButton } from '~/components/forms/submit-button';
import { buttonClasses } from '~/components/ui/button';

function bookingsSentence(count: number): string {
  if (count === 0) return 'Nobody has booked parking for it yet, so no bookings are affected.';
  const bookings = count === 1 ? '1 booking' : `${count} bookings`;
  return `${bookings} will be cancelled and refunded in full, and every driver and host will be e-mailed.`;
}

/** An admin cancels an event, after reading what that does to its bookings and giving a reason. */
export function CancelEventDialog({
  event,
}: {
  event: { id: string; title: string; confirmedBookings: number };
}) {
  const [open, setOpen] = useState(false);
  const reasonId = useId();
  const navigation = useNavigation();
  const sending =
    navigation.state !== 'idle' && navigation.formData?.get('intent') === `cancel-${event.id}`;
  // Close once the request is answered; the toast tells how it went.
  const wasSending = useRef(false);
  useEffect(() => {
    if (wasSending.current && !sending) setOpen(false);
    wasSending.current = sending;
  }, [sending]);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        className={buttonClasses({
          variant: 'secondary',
          className: 'text-red-800 ring-red-300 hover:bg-red-50',
        })}
      >
        Cancel event
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-xl font-bold">Cancel {event.title}?</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-700">
            {bookingsSentence(event.confirmedBookings)} This cannot be undone.
          </Dialog.Description>
          <Form method="post" className="mt-4 flex flex-col gap-3">
            <input type="hidden" name="id" value={event.id} />
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
            <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close className={buttonClasses({ variant: 'secondary' })}>
                Keep event
              </Dialog.Close>
              <SubmitButton
                variant="danger"
                name="intent"
                value={`cancel-${event.id}`}
                pendingText="Cancelling…"
              >
                Cancel event
              </SubmitButton>
            </div>
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
