import { safeRedirectPath } from '@parkside/validators';
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { requireUser } from '~/.server/auth';
import { redirectAfter } from '~/.server/toast';

/** The banner's "Resend verification email". */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  const back = safeRedirectPath((await request.formData()).get('redirectTo'));
  return redirectAfter(back, async () => {
    const result = await context.auth.resendVerification(user, back);
    return {
      type: result.sent ? 'success' : user.emailVerified ? 'info' : 'error',
      title: result.message,
    };
  });
}

export function loader() {
  return redirect('/');
}
