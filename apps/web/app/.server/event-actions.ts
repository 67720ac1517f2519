import { publicMessageOf } from '@parkside/api/errors';
import type { ActionFunctionArgs } from '@remix-run/node';
import { requireVerifiedUser } from './auth';
import { redirectWithToast } from './toast';

const bookings = (n: number) => (n === 1 ? '1 booking was' : `${n} bookings were`);

/**
 * Cancel, archive and unarchive from /registered-events and /archived-events. The buttons show
 * only to admins; the API refuses everyone else (403) whatever the page showed.
 */
export async function manageEventAction({ request, context }: ActionFunctionArgs, backTo: string) {
  requireVerifiedUser(context, request);
  const form = await request.formData();
  const [intent] = String(form.get('intent') ?? '').split('-');
  const id = String(form.get('id') ?? '');
  try {
    switch (intent) {
      case 'cancel': {
        const reason = String(form.get('reason') ?? '');
        const { event, cancelledBookings } = await context.api.event.cancel({ id, reason });
        return redirectWithToast(backTo, {
          type: 'success',
          title: `${event.title} is cancelled.`,
          description:
            cancelledBookings > 0
              ? `${bookings(cancelledBookings)} cancelled with a full refund; drivers and hosts are being e-mailed.`
              : 'It had no bookings.',
        });
      }
      case 'archive': {
        const event = await context.api.event.archive({ id });
        return redirectWithToast(backTo, {
          type: 'success',
          title: `${event.title} is archived.`,
          description: 'Find it under Archived events.',
        });
      }
      case 'unarchive': {
        const event = await context.api.event.unarchive({ id });
        return redirectWithToast(backTo, {
          type: 'success',
          title: `${event.title} is back on Registered events.`,
        });
      }
      default:
        return redirectWithToast(backTo, { type: 'error', title: 'Unknown action.' });
    }
  } catch (error) {
    return redirectWithToast(backTo, { type: 'error', title: publicMessageOf(error) });
  }
}
