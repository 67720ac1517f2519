import { publicMessageOf } from '@parkside/api/errors';
import { safeRedirectPath } from '@parkside/validators';
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { requireUser } from '~/.server/auth';
import { redirectWithToast } from '~/.server/toast';

/** The banner's "Resend verification email". */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  const back = safeRedirectPath((await request.formData()).get('redirectTo'));
  try {
    const result = await context.auth.resendVerification(user);
    return redirectWithToast(back, {
      type: result.sent ? 'success' : user.emailVerified ? 'info' : 'error',
      title: result.message,
    });
  } catch (error) {
    return redirectWithToast(back, { type: 'error', title: publicMessageOf(error) });
  }
}

export function loader() {
  return redirect('/');
}
