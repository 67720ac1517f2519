import { getInputProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { registerInput, safeRedirectPath } from '@parkside/validators';
import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { authPageLoader, refuseForm } from '~/.server/forms';
import { redirectWithToast } from '~/.server/toast';
import { AuthCard, EmailAuthForm } from '~/components/auth/auth-card';
import {
  AddressField,
  EmailField,
  NameField,
  NewPasswordField,
  optional,
  PhoneField,
} from '~/components/account/account-fields';
import { ErrorList } from '~/components/forms/field';
import { SubmitButton } from '~/components/forms/submit-button';
import { useZodForm } from '~/components/forms/use-zod-form';

/** A refusal for going too fast keeps its Retry-After. */
export { retryAfterHeaders as headers } from '~/utils/retry-after-headers';

export const meta: MetaFunction = () => [{ title: 'Create your account · Parkside' }];

export const loader = authPageLoader;

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: registerInput });
  if (submission.status !== 'success') {
    return data(submission.reply({ hideFields: ['password'] }), { status: 400 });
  }
  try {
    const back = safeRedirectPath(submission.value.redirectTo);
    const issued = await context.auth.signUp(submission.value, { ip: context.clientIp }, back);
    const toast = issued.emailSent
      ? {
          type: 'success' as const,
          title: 'Welcome to Parkside!',
          description: `We sent a link and a code to ${submission.value.email}.`,
        }
      : {
          type: 'warning' as const,
          title: 'Your account is ready',
          description: context.mailWorks
            ? 'We could not send the verification email. Use “Resend verification email” to try again.'
            : 'This site cannot send e-mail yet; the next page says how to get your address verified.',
        };
    return redirectWithToast(back, toast, [issued.cookie]);
  } catch (error) {
    return refuseForm(submission.reply, error, { hideFields: ['password'] });
  }
}

export default function RegisterPage() {
  const { providers } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get('redirectTo') ?? '';
  const [form, fields] = useZodForm(registerInput, {
    id: 'register',
    lastResult,
  });
  const loginHref = redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : '/login';

  return (
    <AuthCard
      title="Create your account"
      intro="One account to book parking and to host your driveway."
      other={{ prompt: 'Already have an account?', to: loginHref, label: 'Sign in' }}
    >
      <EmailAuthForm
        providers={providers}
        redirectTo={redirectTo}
        divider="or sign up with email"
        form={form}
      >
        <NameField field={fields.name} required />
        <EmailField field={fields.email} required />
        <NewPasswordField
          field={fields.password}
          label="Password"
          hint="8 to 128 characters. A short sentence is easy to remember and hard to guess."
          required
        />
        <PhoneField
          field={fields.phoneNumber}
          label={optional('Phone number')}
          hint="Hosts and drivers can reach each other on game day."
        />
        <AddressField field={fields.address} label={optional('Address')} />
        <div className="flex flex-col gap-1.5">
          <div className="flex items-start gap-3">
            <input
              {...getInputProps(fields.terms, { type: 'checkbox' })}
              className="accent-brand-700 mt-1 h-5 w-5 shrink-0 rounded border-slate-400"
              aria-describedby={
                fields.terms.errors?.length ? `${fields.terms.id}-error` : undefined
              }
            />
            <label htmlFor={fields.terms.id} className="text-sm text-slate-800">
              I accept the{' '}
              <Link to="/terms" target="_blank" className="text-brand-800 font-semibold underline">
                terms of service
              </Link>
              .
            </label>
          </div>
          <ErrorList id={`${fields.terms.id}-error`} errors={fields.terms.errors} />
        </div>
        <SubmitButton pendingText="Creating your account…" className="w-full">
          Create account
        </SubmitButton>
      </EmailAuthForm>
    </AuthCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
