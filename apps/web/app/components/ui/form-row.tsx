import type { ReactNode } from 'react';

/**
 * A label over the control it names, for filter and search forms whose controls are plain
 * inputs and selects (forms with validation use `Field` from components/forms).
 */
export function FormRow({
  label,
  htmlFor,
  children,
  className = '',
}: {
  label: ReactNode;
  htmlFor: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`.trim()}>
      <label htmlFor={htmlFor} className="text-sm font-semibold text-slate-700">
        {label}
      </label>
      {children}
    </div>
  );
}
