import { getInputProps, type FieldMetadata } from '@conform-to/react';
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { FormRow } from '~/components/ui/form-row';

export type FieldErrors = string[] | undefined | null;

export const inputClass =
  'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-ink shadow-xs placeholder:text-slate-500 ' +
  'focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30 aria-[invalid=true]:border-red-600';

/** A form's own error, read out as it appears; nothing at all when there is none. */
export function AlertText({
  id,
  children,
  className = '',
}: {
  id?: string;
  children: ReactNode;
  className?: string;
}) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className={`text-sm font-medium text-red-700 ${className}`.trim()}>
      {children}
    </p>
  );
}

/**
 * A control's id (the given one, or a generated one) and what describes it to screen readers:
 * its hint and its errors, each by id, and whether it is invalid.
 */
export function useFieldIds(givenId: string | undefined, errors: FieldErrors, hasHint = false) {
  const fallbackId = useId();
  const id = givenId ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hasHint ? `${id}-hint` : undefined;
  const aria = {
    'aria-invalid': errorId ? true : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
  };
  return { id, errorId, hintId, aria };
}

export function ErrorList({ id, errors }: { id?: string; errors: FieldErrors }) {
  const list = errors?.filter(Boolean) ?? [];
  if (list.length === 0) return null;
  return (
    <ul id={id} className="flex flex-col gap-1">
      {list.map((error) => (
        <li key={error} className="text-sm font-medium text-red-700">
          {error}
        </li>
      ))}
    </ul>
  );
}

/** A labelled input with its hint and errors wired to it for screen readers. */
export function Field({
  label,
  hint,
  errors,
  inputProps,
  className = '',
}: {
  label: ReactNode;
  hint?: ReactNode;
  errors?: FieldErrors;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  className?: string;
}) {
  const { id, errorId, hintId, aria } = useFieldIds(inputProps.id, errors, Boolean(hint));
  return (
    <FormRow htmlFor={id} label={label} className={className}>
      <input {...inputProps} id={id} className={inputClass} {...aria} />
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </FormRow>
  );
}

/** A conform field of one input (its value as the browser sends it). */
export type InputFieldMetadata = FieldMetadata<
  string | number | null | undefined,
  Record<string, unknown>,
  string[]
>;

/**
 * A form row: a conform field as a labelled input, with its errors. Any other attribute
 * (autoComplete, maxLength, min, placeholder…) passes through to the input.
 */
export function InputField({
  field,
  type = 'text',
  label,
  hint,
  className,
  ...attributes
}: {
  field: InputFieldMetadata;
  type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'number' | 'datetime-local';
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'>) {
  return (
    <Field
      label={label}
      hint={hint}
      className={className}
      errors={field.errors}
      inputProps={{ ...getInputProps(field, { type }), ...attributes }}
    />
  );
}

export function TextareaField({
  label,
  errors,
  textareaProps,
}: {
  label: ReactNode;
  errors?: FieldErrors;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement>;
}) {
  const { id, errorId, aria } = useFieldIds(textareaProps.id, errors);
  return (
    <FormRow htmlFor={id} label={label}>
      <textarea
        {...textareaProps}
        id={id}
        className={`${inputClass} h-auto min-h-24 py-2`}
        {...aria}
      />
      <ErrorList id={errorId} errors={errors} />
    </FormRow>
  );
}

/** A message about the whole form, announced when it appears. */
export function FormError({ id, errors }: { id?: string; errors: FieldErrors }) {
  const list = errors?.filter(Boolean) ?? [];
  if (list.length === 0) return null;
  return (
    <div
      id={id}
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
    >
      {list.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}
