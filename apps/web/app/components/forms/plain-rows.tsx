import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { FormRow } from '~/components/ui/form-row';
import { inputClass } from './field';

type RowProps = {
  /** The control's id, which its label points at. */
  id: string;
  label: ReactNode;
  /** Classes of the row around the label and the control. */
  rowClassName?: string;
  /** What follows the control: a hint, say. */
  after?: ReactNode;
};

/**
 * A labelled input for forms the server alone checks (filters, searches, admin forms): the
 * site's input look, with `className` adding to it. Forms with field errors use `Field`.
 */
export function InputRow({
  id,
  label,
  rowClassName,
  after,
  className = '',
  ...input
}: RowProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FormRow htmlFor={id} label={label} className={rowClassName}>
      <input id={id} className={`${inputClass} ${className}`.trim()} {...input} />
      {after}
    </FormRow>
  );
}

/** `InputRow`'s twin for a select; its options are the children. */
export function SelectRow({
  id,
  label,
  rowClassName,
  after,
  className = '',
  children,
  ...select
}: RowProps & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FormRow htmlFor={id} label={label} className={rowClassName}>
      <select id={id} className={`${inputClass} ${className}`.trim()} {...select}>
        {children}
      </select>
      {after}
    </FormRow>
  );
}

/** A filter's options: "any" first (the empty value), then each code under its label. */
export function CodeOptions<Code extends string>({
  any,
  codes,
  labels,
}: {
  any: string;
  codes: readonly Code[];
  labels: Record<Code, string>;
}) {
  return (
    <>
      <option value="">{any}</option>
      {codes.map((code) => (
        <option key={code} value={code}>
          {labels[code]}
        </option>
      ))}
    </>
  );
}
