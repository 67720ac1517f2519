import type { ReactNode } from 'react';

/**
 * Records shown as a column of cards (reports, listings waiting for review, feedback, mail),
 * newest or most urgent first: an ordered list, so a screen reader says how many and where.
 * `card` styles each item as a plain card; leave it off where the item draws its own.
 */
export function CardStack<T>({
  items,
  keyOf,
  className = '',
  card = false,
  spacious = false,
  children,
}: {
  items: readonly T[];
  keyOf: (item: T) => string;
  className?: string;
  card?: boolean;
  /** Wider gaps, for tall cards with actions of their own. */
  spacious?: boolean;
  children: (item: T) => ReactNode;
}) {
  return (
    <ol className={`flex flex-col ${spacious ? 'gap-6' : 'gap-4'} ${className}`.trim()}>
      {items.map((item) => (
        <li
          key={keyOf(item)}
          className={card ? 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200' : undefined}
        >
          {children(item)}
        </li>
      ))}
    </ol>
  );
}
