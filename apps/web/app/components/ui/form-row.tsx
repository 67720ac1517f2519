import type { ReactNode } from 'react';

/**
 * A form row: a control with its label above it, and whatever follows the control (a hint, the
 * errors). Filter and search forms use it straight; `Field` and `SelectField` (forms with
 * validation) are built on it, so every label in the site lines up the same way.
 */
export function FormRow({
  htmlFor,
  label,
  className = '',
  children,
}: {
  /** The control's id. */
  htmlFor: string;
  label: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex min-w-0 flex-col gap-1.5 ${className}`.trim()}>
      <label htmlFor={htmlFor} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}
