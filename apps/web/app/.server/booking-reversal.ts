import { publicMessageOf } from '@parkside/api/errors';
import type { ActionFunctionArgs } from '@remix-run/node';
import { currentPath } from './auth';
import { redirectWithToast } from './toast';

/**
 * An admin's "Undo check-in" or "Restore" on an event's page, back to it with a toast saying what
 * happened or why it could not (the API checks the admin and the booking's state). Null for any
 * other intent, which the page's other actions handle.
 */
export async function bookingReversalAction({ request, context }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  const intent = String(form.get('intent') ?? '');
  const undo = intent.startsWith('undo-check-in-');
  if (!undo && !intent.startsWith('restore-booking-')) return null;
  const backTo = currentPath(request);
  const input = {
    bookingId: String(form.get('bookingId') ?? ''),
    reason: String(form.get('reason') ?? ''),
  };
  try {
    if (undo) await context.api.admin.undoCheckIn(input);
    else await context.api.admin.restoreBooking(input);
    return redirectWithToast(backTo, {
      type: 'success',
      title: undo ? 'The check-in is undone.' : 'The booking is confirmed again.',
      description: undo
        ? 'The booking is confirmed, not checked in.'
        : 'The driver and the host are being e-mailed.',
    });
  } catch (error) {
    return redirectWithToast(backTo, { type: 'error', title: publicMessageOf(error) });
  }
}
