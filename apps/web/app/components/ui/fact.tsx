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
