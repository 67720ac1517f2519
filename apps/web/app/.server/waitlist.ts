import { publicMessageOf } from '@parkside/api/errors';
import type { ActionFunctionArgs } from '@remix-run/node';
import { currentPath, requireUser } from './auth';
import { redirectWithToast } from './toast';

/** "Notify me": the signed-in driver joins the sold-out event's wait-list. */
export async function joinWaitlistAction({ request, context }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  const back = currentPath(request);
  const eventId = new URL(request.url).searchParams.get('event') ?? '';
  if (!user.emailVerified) {
    return redirectWithToast(back, {
      type: 'warning',
      title: 'Verify your e-mail first',
      description: 'We can only send wait-list e-mails to a verified address.',
    });
  }
  try {
    const joined = await context.api.waitlist.join({ eventId });
    return redirectWithToast(back, {
      type: 'success',
      title: 'You are on the wait-list',
      description: `We will e-mail ${joined.email} when a space opens up.`,
    });
  } catch (error) {
    return redirectWithToast(back, { type: 'error', title: publicMessageOf(error) });
  }
}
