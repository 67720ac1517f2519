import type { ReactNode } from 'react';
import { EmptyNote } from './empty-state';

/**
 * A short list of records inside a section: one row each, what it is on the left and its state
 * on the right (wrapping under on a phone), or a line saying there are none.
 */
export function RecordList<T>({
  items,
  empty,
  keyOf,
  children,
}: {
  items: readonly T[];
  empty: ReactNode;
  keyOf: (item: T) => string;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <EmptyNote>{empty}</EmptyNote>;
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {items.map((item) => (
        <li key={keyOf(item)} className="flex flex-wrap items-center justify-between gap-2 py-2">
          {children(item)}
        </li>
      ))}
    </ul>
  );
}

/** A record's left side: what it is, in bold, over a line about it. */
export function RecordText({
  title,
  children,
  className = '',
}: {
  title: ReactNode;
  children: ReactNode;
  /** Classes of the title (`break-all` for an e-mail address). */
  className?: string;
}) {
  return (
    <span className="min-w-0">
      <span className={`text-ink block font-semibold ${className}`.trim()}>{title}</span>
      <span className="block text-slate-600">{children}</span>
    </span>
  );
}
