import { publicMessageOf } from '@parkside/api/errors';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { redirectWithToast } from '~/.server/toast';
import { AuthCard } from '~/components/auth/auth-card';
import { buttonClasses } from '~/components/ui/button';
import { ButtonLink } from '~/components/ui/button-link';

export const meta: MetaFunction = () => [{ title: 'Verify your email · Parkside' }];

/** The link in the verification e-mail. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const current = context.session
    ? { sessionId: context.session.id, userId: context.session.user.id }
    : null;
  try {
    const result = await context.auth.verifyEmail(token.slice(0, 200), current);
    if (result.session) {
      return redirectWithToast('/', { type: 'success', title: 'Your email address is verified.' }, [
        result.session.cookie,
      ]);
    }
    return redirectWithToast('/login', {
      type: 'success',
      title: 'Your email address is verified.',
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
