import type { ReactNode } from 'react';

/** One labelled figure of a record card, inside a `<dl>`: a small caps label over its value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="text-ink mt-0.5">{children}</dd>
    </div>
  );
}

/**
 * A short summary as label and value rows, inside a `<dl>` (what a booking or a listing will be
 * before it is confirmed).
 */
export function SummaryRows({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return rows.map(([term, value]) => (
    <div key={term} className="grid grid-cols-[6rem_1fr] gap-2">
      <dt className="text-sm font-semibold text-slate-600">{term}</dt>
      <dd>{value}</dd>
    </div>
  ));
}
