import type { ActionFunctionArgs } from '@remix-run/node';
import { currentPath, requireUser } from './auth';
import { redirectAfter, redirectWithToast } from './toast';

/**
 * "Notify me": the signed-in driver joins the wait-list of the event named by the form's
 * `eventId` (a driveway's page) or the address's `?event=` (/rent).
 */
export async function joinWaitlistAction({ request, context }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  const back = currentPath(request);
  const posted = (await request.formData()).get('eventId');
  const eventId =
    typeof posted === 'string' && posted
      ? posted
      : (new URL(request.url).searchParams.get('event') ?? '');
  if (!user.emailVerified) {
    return redirectWithToast(back, {
      type: 'warning',
      title: 'Verify your e-mail first',
      description: 'We can only send wait-list e-mails to a verified address.',
    });
  }
  return redirectAfter(back, async () => {
    const joined = await context.api.waitlist.join({ eventId });
    return {
      type: 'success',
      title: 'You are on the wait-list',
      description: `We will e-mail ${joined.email} when a space opens up.`,
    };
  });
}
