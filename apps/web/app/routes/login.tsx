import { parseWithZod } from '@conform-to/zod/v4';
import { loginInput, safeRedirectPath } from '@parkside/validators';
import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { cookieHeaders } from '~/.server/auth';
import { authPageLoader, refuseForm } from '~/.server/forms';
import { redirectWithToast } from '~/.server/toast';
import { AuthCard, EmailAuthForm } from '~/components/auth/auth-card';
import { CurrentPasswordField, EmailField } from '~/components/account/account-fields';
import { SubmitButton } from '~/components/forms/submit-button';
import { useZodForm } from '~/components/forms/use-zod-form';

/** A refusal for going too fast keeps its Retry-After. */
export { retryAfterHeaders as headers } from '~/utils/retry-after-headers';

export const meta: MetaFunction = () => [{ title: 'Sign in · Parkside' }];

export const loader = authPageLoader;

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: loginInput });
  if (submission.status !== 'success') {
    return data(submission.reply({ hideFields: ['password'] }), { status: 400 });
  }
  // Any sign-in attempt starts from signed out: a failure must not leave an old session behind.
  const signedOut = context.session ? await context.auth.signOut(context.session.id) : null;
  try {
    const issued = await context.auth.signIn(submission.value, { ip: context.clientIp });
    return redirectWithToast(
      safeRedirectPath(submission.value.redirectTo),
      { type: 'success', title: 'Welcome back!' },
      [issued.cookie],
    );
  } catch (error) {
    return refuseForm(submission.reply, error, {
      hideFields: ['password'],
      headers: cookieHeaders(signedOut ?? context.auth.sessions.blankCookie()),
    });
  }
}

export default function LoginPage() {
  const { providers } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get('redirectTo') ?? '';
  const [form, fields] = useZodForm(loginInput, {
    id: 'login',
    lastResult,
    constraint: { email: { required: true }, password: { required: true } },
    // On submit, not on blur: a blur message would shift the links below the field mid-click.
    validateOn: 'submit',
  });
  const registerHref = redirectTo
    ? `/register?${new URLSearchParams({ redirectTo })}`
    : '/register';

  return (
    <AuthCard
      title="Sign in to Parkside"
      intro="Book driveways near your events and manage your listings."
      other={{ prompt: 'New to Parkside?', to: registerHref, label: 'Create an account' }}
    >
      <EmailAuthForm
        providers={providers}
        redirectTo={redirectTo}
        divider="or sign in with email"
        form={form}
      >
        <EmailField field={fields.email} focusOnLoad />
        <CurrentPasswordField field={fields.password} />
        <div className="-mt-2 text-right">
          <Link
            to="/forgot-password"
            className="text-brand-800 text-sm font-semibold underline-offset-2 hover:underline"
          >
            Forgot password?
          </Link>
        </div>
        <SubmitButton pendingText="Signing in…" className="w-full">
          Sign in
        </SubmitButton>
      </EmailAuthForm>
    </AuthCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
