import { getFormProps, type SubmissionResult } from '@conform-to/react';
import type { Account } from '@parkside/api';
import { profileInput } from '@parkside/validators';
import { Form } from '@remix-run/react';
import { AddressField, NameField, PhoneField } from '~/components/account/account-fields';
import { FormError } from '~/components/forms/field';
import { SubmitButton } from '~/components/forms/submit-button';
import { useZodForm } from '~/components/forms/use-zod-form';

export function ProfileForm({
  account,
  lastResult,
}: {
  account: Account;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useZodForm(profileInput, {
    id: 'profile',
    lastResult,
    defaultValue: {
      name: account.name,
      phoneNumber: account.phoneNumber ?? '',
      address: account.address ?? '',
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <FormError id={form.errorId} errors={form.errors} />
      </div>
      <NameField field={fields.name} />
      <PhoneField field={fields.phoneNumber} />
      <AddressField field={fields.address} className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <SubmitButton name="intent" value="profile" pendingText="Saving…">
          Save profile
        </SubmitButton>
      </div>
    </Form>
  );
}
