/**
 * The account fields the sign-up, sign-in, reset and account-settings forms share: one label,
 * autocomplete hint and length limit for each, wherever it appears.
 */
import {
  ADDRESS_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PHONE_MAX_LENGTH,
} from '@parkside/validators';
import type { ReactNode } from 'react';
import { InputField, type InputFieldMetadata } from '~/components/forms/field';

interface AccountFieldProps {
  field: InputFieldMetadata;
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
  defaultLabel: string,
  autoComplete: string,
  maxLength: number,
) {
  return function AccountField({
    field,
    label = defaultLabel,
    required,
    focusOnLoad,
    ...rest
  }: AccountFieldProps) {
    return (
      <InputField
        field={field}
        type={type}
        label={label}
        autoComplete={autoComplete}
        maxLength={maxLength}
        // Only when given: the form's constraint may already have set `required`.
        {...(required && { required })}
        {...(focusOnLoad && { autoFocus: true })}
        {...rest}
      />
    );
  };
}

export const NameField = accountField('text', 'Name', 'name', NAME_MAX_LENGTH);
export const EmailField = accountField('email', 'Email', 'email', EMAIL_MAX_LENGTH);
export const PhoneField = accountField('tel', 'Phone number', 'tel', PHONE_MAX_LENGTH);
export const AddressField = accountField('text', 'Address', 'street-address', ADDRESS_MAX_LENGTH);
export const CurrentPasswordField = accountField(
  'password',
  'Password',
  'current-password',
  PASSWORD_MAX_LENGTH,
);
export const NewPasswordField = accountField(
  'password',
  'New password',
  'new-password',
  PASSWORD_MAX_LENGTH,
);

/** A new password and its repetition (reset, change). */
export function NewPasswordPair({
  password,
  confirmPassword,
}: {
  password: InputFieldMetadata;
  confirmPassword: InputFieldMetadata;
}) {
  return (
    <>
      <NewPasswordField field={password} hint="8 to 128 characters." />
      <NewPasswordField field={confirmPassword} label="Repeat the new password" />
    </>
  );
}
