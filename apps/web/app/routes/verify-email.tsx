import { httpStatusOf, publicMessageOf } from '@parkside/api/errors';
import { emailSchema, safeRedirectPath } from '@parkside/validators';
import { data } from '@remix-run/node';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { loginPath, requireUser } from '~/.server/auth';
import { refusalHeaders } from '~/.server/forms';
import { redirectWithToast } from '~/.server/toast';
import { AuthCard } from '~/components/auth/auth-card';
import { buttonClasses } from '~/components/ui/button';
import { ButtonLink } from '~/components/ui/button-link';

export const meta: MetaFunction = () => [{ title: 'Verify your email · Parkside' }];

const VERIFIED = 'Your email address is verified.';

/** The link in the verification e-mail; `next` is the page the person was on when it was sent. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get('token') ?? '';
  const next = safeRedirectPath(params.get('next'));
  const current = context.session
    ? { sessionId: context.session.id, userId: context.session.user.id }
    : null;
  try {
    const result = await context.auth.verifyEmail(token.slice(0, 200), current);
    if (result.session) {
      return redirectWithToast(next, { type: 'success', title: VERIFIED }, [result.session.cookie]);
    }
    return redirectWithToast(loginPath(next), {
      type: 'success',
      title: VERIFIED,
      description: 'Sign in to continue.',
    });
  } catch (error) {
    return {
      error: publicMessageOf(error),
      signedIn: Boolean(context.session),
      verified: context.session?.user.emailVerified ?? false,
    };
  }
}

/**
 * From the verification guard's screen: the e-mailed code (`intent=code`), or a corrected address
 * (`intent=address`). Answers an error for the form, or goes back to the interrupted page.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  const form = await request.formData();
  const back = safeRedirectPath(form.get('redirectTo'));
  const intent = form.get('intent');
  try {
    if (intent === 'address') {
      const email = emailSchema.safeParse(form.get('email') ?? '');
      if (!email.success) {
        return data(
          { intent, error: email.error.issues[0]?.message ?? 'Check the address.' },
          { status: 400 },
        );
      }
      const result = await context.auth.changeUnverifiedEmail(user, email.data, back);
      return redirectWithToast(back, {
        type: result.sent ? 'success' : 'error',
        title: result.message,
      });
    }
    const code = String(form.get('code') ?? '').slice(0, 20);
    const session = await context.auth.verifyEmailCode(code, {
      sessionId: context.session!.id,
      userId: user.id,
    });
    return redirectWithToast(back, { type: 'success', title: VERIFIED }, [session.cookie]);
  } catch (error) {
    const status = httpStatusOf(error);
    if (status >= 500 && status !== 503) throw error;
    return data(
      { intent: intent === 'address' ? 'address' : 'code', error: publicMessageOf(error) },
      { status, headers: refusalHeaders(error) },
    );
  }
}

export default function VerifyEmailPage() {
  const { error, signedIn, verified } = useLoaderData<typeof loader>();
  return (
    <AuthCard title="We could not verify your email" intro={<p role="alert">{error}</p>}>
      {signedIn && !verified ? (
        <Form method="post" action="/resend-verification">
          <input type="hidden" name="redirectTo" value="/" />
          <button type="submit" className={buttonClasses({ className: 'w-full' })}>
            Resend verification email
          </button>
        </Form>
      ) : (
        <ButtonLink to={signedIn ? '/' : '/login'} className="w-full">
          {signedIn ? 'Go to Parkside' : 'Sign in'}
        </ButtonLink>
      )}
    </AuthCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
