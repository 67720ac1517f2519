import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { redirectWithToast } from '~/.server/toast';

export async function action({ context }: ActionFunctionArgs) {
  const cookie = context.session
    ? await context.auth.signOut(context.session.id)
    : context.auth.sessions.blankCookie();
  const response = redirectWithToast('/', { type: 'success', title: 'Sign out successful' }, [
    cookie,
  ]);
  // Nothing of this person stays on the phone (decision 042): the passes and arrivals saved for
  // game day, check-ins waiting for a signal, and the service worker that serves them.
  response.headers.set('Clear-Site-Data', '"storage"');
  return response;
}

export function loader() {
  return redirect('/');
}
