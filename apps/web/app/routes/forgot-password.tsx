import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { httpStatusOf, publicMessageOf } from '@parkside/api/errors';
import { refusalHeaders } from '~/.server/forms';
import { forgotPasswordInput } from '@parkside/validators';
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { NoMailNote } from '~/components/auth/no-mail-note';
import { AuthCard } from '~/components/auth/auth-card';
import { EmailField } from '~/components/account/account-fields';
import { FormError } from '~/components/forms/field';
import { SubmitButton } from '~/components/forms/submit-button';
import { useZodForm } from '~/components/forms/use-zod-form';

/** A refusal for going too fast keeps its Retry-After. */
export { retryAfterHeaders as headers } from '~/utils/retry-after-headers';

export const meta: MetaFunction = () => [{ title: 'Reset your password · Parkside' }];

/** Whether a reset link can leave at all: without a mail server the page says so instead. */
export function loader({ context }: LoaderFunctionArgs) {
  return { mailWorks: context.mailWorks };
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (!context.mailWorks) return data({ result: undefined, sentTo: null }, { status: 503 });
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordInput });
  if (submission.status !== 'success')
    return data({ result: submission.reply(), sentTo: null }, { status: 400 });
  try {
    await context.auth.requestPasswordReset(submission.value.email, { ip: context.clientIp });
  } catch (error) {
    const status = httpStatusOf(error);
    if (status >= 500) throw error;
    return data(
      { result: submission.reply({ formErrors: [publicMessageOf(error)] }), sentTo: null },
      { status, headers: refusalHeaders(error) },
    );
  }
  // The same answer whether or not the address has an account.
  return { result: submission.reply({ resetForm: true }), sentTo: submission.value.email };
}

export default function ForgotPasswordPage() {
  const { mailWorks } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useZodForm(forgotPasswordInput, {
    id: 'forgot-password',
    lastResult: actionData?.result,
    // On submit, not on blur: a blur message would shift the links below the field mid-click.
    validateOn: 'submit',
  });
  if (!mailWorks) {
    return (
      <AuthCard title="Reset your password" other={{ to: '/login', label: 'Back to sign in' }}>
        <NoMailNote>
          No mail server is set up here, so a link to choose a new password cannot reach you. The
          people who run this Parkside can help.
        </NoMailNote>
      </AuthCard>
    );
  }
  if (actionData?.sentTo) {
    return (
      <AuthCard title="Check your email">
        <p role="status" className="text-slate-700">
          If an account exists for <strong>{actionData.sentTo}</strong>, we sent it a link to choose
          a new password. The link works for 1 hour.
        </p>
        <Link
          to="/login"
          className="text-brand-800 font-semibold underline-offset-2 hover:underline"
        >
          Back to sign in
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Reset your password"
      intro="Enter the email you use for Parkside and we will send you a link to choose a new password."
      other={{ to: '/login', label: 'Back to sign in' }}
    >
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormError id={form.errorId} errors={form.errors} />
        <EmailField field={fields.email} />
        <SubmitButton pendingText="Sending…" className="w-full">
          Send reset link
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
