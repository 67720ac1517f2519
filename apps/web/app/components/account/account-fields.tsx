/**
 * The account fields the sign-up, sign-in, reset and account-settings forms share: one label,
 * autocomplete hint and length limit for each, wherever it appears.
 */
import { getInputProps, type FieldMetadata } from '@conform-to/react';
import {
  ADDRESS_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PHONE_MAX_LENGTH,
} from '@parkside/validators';
import type { ReactNode } from 'react';
import { Field } from '~/components/forms/field';

/** A conform field of a text input. */
type TextField = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;

interface AccountFieldProps {
  field: TextField;
  label?: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  /** Focus it when the page loads: only on a page whose one purpose is this form (sign-in). */
  focusOnLoad?: boolean;
  className?: string;
}

/** "(optional)" after a label, in the muted style every form uses. */
export function optional(label: string): ReactNode {
  return (
    <>
      {label} <span className="font-normal text-slate-500">(optional)</span>
    </>
  );
}

function accountField(
  type: 'text' | 'email' | 'password' | 'tel',
  defaults: { label: ReactNode; autoComplete: string; maxLength: number },
) {
  return function AccountField({
    field,
    label = defaults.label,
    hint,
    required,
    focusOnLoad,
    className,
  }: AccountFieldProps) {
    return (
      <Field
        label={label}
        hint={hint}
        className={className}
        errors={field.errors}
        inputProps={{
          ...getInputProps(field, { type }),
          autoComplete: defaults.autoComplete,
          maxLength: defaults.maxLength,
          // Only when given: the form's constraint may already have set `required`.
          ...(required && { required }),
          ...(focusOnLoad && { autoFocus: true }),
        }}
      />
    );
  };
}

export const NameField = accountField('text', {
  label: 'Name',
  autoComplete: 'name',
  maxLength: NAME_MAX_LENGTH,
});
export const EmailField = accountField('email', {
  label: 'Email',
  autoComplete: 'email',
  maxLength: EMAIL_MAX_LENGTH,
});
export const PhoneField = accountField('tel', {
  label: 'Phone number',
  autoComplete: 'tel',
  maxLength: PHONE_MAX_LENGTH,
});
export const AddressField = accountField('text', {
  label: 'Address',
  autoComplete: 'street-address',
  maxLength: ADDRESS_MAX_LENGTH,
});
export const CurrentPasswordField = accountField('password', {
  label: 'Password',
  autoComplete: 'current-password',
  maxLength: PASSWORD_MAX_LENGTH,
});
export const NewPasswordField = accountField('password', {
  label: 'New password',
  autoComplete: 'new-password',
  maxLength: PASSWORD_MAX_LENGTH,
});

/** A new password and its repetition (reset, change). */
export function NewPasswordPair({
  password,
  confirmPassword,
}: {
  password: TextField;
  confirmPassword: TextField;
}) {
  return (
    <>
      <NewPasswordField field={password} hint="8 to 128 characters." />
      <NewPasswordField field={confirmPassword} label="Repeat the new password" />
    </>
  );
}
