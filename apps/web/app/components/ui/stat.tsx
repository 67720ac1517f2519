import type { ReactNode } from 'react';

/** A row of figures: each a label over a large number. */
export function StatList({
  children,
  className = '',
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <dl className={`grid grid-cols-2 gap-4 sm:grid-cols-4 ${className}`.trim()}>{children}</dl>
  );
}

export function Stat({
  label,
  value,
  hint,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd className="text-ink mt-1 text-2xl font-extrabold tabular-nums">{value}</dd>
      {hint ? <dd className="mt-1 text-xs text-slate-600">{hint}</dd> : null}
    </div>
  );
}
