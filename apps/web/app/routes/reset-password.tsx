import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { resetPasswordInput } from '@parkside/validators';
import { data } from '@remix-run/node';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { refuseForm } from '~/.server/forms';
import { redirectWithToast } from '~/.server/toast';
import { AuthCard } from '~/components/auth/auth-card';
import { NewPasswordPair } from '~/components/account/account-fields';
import { FormError } from '~/components/forms/field';
import { SubmitButton } from '~/components/forms/submit-button';
import { useZodForm } from '~/components/forms/use-zod-form';
import { ButtonLink } from '~/components/ui/button-link';

/** A refusal for going too fast keeps its Retry-After. */
export { retryAfterHeaders as headers } from '~/utils/retry-after-headers';

export const meta: MetaFunction = () => [{ title: 'Choose a new password · Parkside' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = (new URL(request.url).searchParams.get('token') ?? '').slice(0, 200);
  return { token, valid: token ? await context.auth.isResetTokenValid(token) : false };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordInput });
  if (submission.status !== 'success') {
    return data(submission.reply({ hideFields: ['password', 'confirmPassword'] }), { status: 400 });
  }
  try {
    const issued = await context.auth.resetPassword(
      submission.value.token,
      submission.value.password,
    );
    return redirectWithToast(
      '/',
      {
        type: 'success',
        title: 'Your password has been changed.',
        description: 'Every other device was signed out.',
      },
      [issued.cookie],
    );
  } catch (error) {
    return refuseForm(submission.reply, error, { hideFields: ['password', 'confirmPassword'] });
  }
}

export default function ResetPasswordPage() {
  const { token, valid } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(resetPasswordInput, {
    id: 'reset-password',
    lastResult,
  });
  if (!valid) {
    return (
      <AuthCard
        title="This link has expired"
        intro={<p role="alert">This link is invalid or has expired. Please request a new one.</p>}
      >
        <ButtonLink to="/forgot-password" className="w-full">
          Send a new link
        </ButtonLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Choose a new password"
      intro="After this, every other device signed in to your account is signed out."
    >
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormError id={form.errorId} errors={form.errors} />
        <input type="hidden" name="token" value={token} />
        <NewPasswordPair password={fields.password} confirmPassword={fields.confirmPassword} />
        <SubmitButton pendingText="Saving…" className="w-full">
          Save new password
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
