import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { redirectWithToast } from '~/.server/toast';

export async function action({ context }: ActionFunctionArgs) {
  const cookie = context.session
    ? await context.auth.signOut(context.session.id)
    : context.auth.sessions.blankCookie();
  return redirectWithToast('/', { type: 'success', title: 'Sign out successful' }, [cookie]);
}

export function loader() {
  return redirect('/');
}
