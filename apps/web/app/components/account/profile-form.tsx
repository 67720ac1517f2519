import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { Account } from '@parkside/api';
import {
  ADDRESS_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  profileSchema,
} from '@parkside/validators';
import { Form } from '@remix-run/react';
import { Field, FormError } from '~/components/forms/field';
import { SubmitButton } from '~/components/forms/submit-button';

export function ProfileForm({
  account,
  lastResult,
}: {
  account: Account;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: 'profile',
    lastResult,
    defaultValue: {
      name: account.name,
      phoneNumber: account.phoneNumber ?? '',
      address: account.address ?? '',
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <FormError id={form.errorId} errors={form.errors} />
      </div>
      <Field
        label="Name"
        errors={fields.name.errors}
        inputProps={{
          ...getInputProps(fields.name, { type: 'text' }),
          autoComplete: 'name',
          maxLength: NAME_MAX_LENGTH,
        }}
      />
      <Field
        label="Phone number"
        errors={fields.phoneNumber.errors}
        inputProps={{
          ...getInputProps(fields.phoneNumber, { type: 'tel' }),
          autoComplete: 'tel',
          maxLength: PHONE_MAX_LENGTH,
        }}
      />
      <Field
        label="Address"
        className="sm:col-span-2"
        errors={fields.address.errors}
        inputProps={{
          ...getInputProps(fields.address, { type: 'text' }),
          autoComplete: 'street-address',
          maxLength: ADDRESS_MAX_LENGTH,
        }}
      />
      <div className="sm:col-span-2">
        <SubmitButton name="intent" value="profile" pendingText="Saving…">
          Save profile
        </SubmitButton>
      </div>
    </Form>
  );
}
