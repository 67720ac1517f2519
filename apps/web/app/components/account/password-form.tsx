import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { changePasswordInput } from '@parkside/validators';
import { Form } from '@remix-run/react';
import { CurrentPasswordField, NewPasswordPair } from '~/components/account/account-fields';
import { FormError } from '~/components/forms/field';
import { SubmitButton } from '~/components/forms/submit-button';
import { useZodForm } from '~/components/forms/use-zod-form';

export function PasswordForm({
  hasPassword,
  lastResult,
}: {
  hasPassword: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useZodForm(changePasswordInput, {
    id: 'password',
    lastResult,
  });
  if (!hasPassword) {
    return (
      <Form method="post" className="flex flex-col items-start gap-3">
        <p className="text-sm text-slate-700">
          You sign in with a social login. To add a password, we will e-mail you a link to set one.
        </p>
        <SubmitButton name="intent" value="set-password" variant="secondary" pendingText="Sending…">
          Email me a link to set a password
        </SubmitButton>
      </Form>
    );
  }
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <FormError id={form.errorId} errors={form.errors} />
      </div>
      <CurrentPasswordField
        field={fields.currentPassword}
        label="Current password"
        className="sm:col-span-2"
      />
      <NewPasswordPair password={fields.newPassword} confirmPassword={fields.confirmPassword} />
      <div className="sm:col-span-2">
        <SubmitButton name="intent" value="password" pendingText="Changing…">
          Change password
        </SubmitButton>
      </div>
    </Form>
  );
}
