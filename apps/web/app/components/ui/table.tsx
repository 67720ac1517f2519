import type { ReactNode } from 'react';

/**
 * A data table that scrolls sideways on a phone instead of squeezing its columns. Header cells
 * are `Th` (scope="col"), body cells `Td`; numbers align right with `numeric`.
 */
export function Table({
  children,
  minWidth = '40rem',
  label,
}: {
  children: ReactNode;
  /** Below this width the table scrolls. */
  minWidth?: string;
  /** The table's caption for screen readers, where the heading above does not name it. */
  label?: string;
}) {
  return (
    // `relative`: screen-reader-only text in a cell is positioned inside the scrolling box, not
    // past the page's right edge.
    <div className="relative -mx-5 overflow-x-auto px-5">
      <table className="w-full text-left text-sm" style={{ minWidth }}>
        {label ? <caption className="sr-only">{label}</caption> : null}
        {children}
      </table>
    </div>
  );
}

export function TableHead({ children }: { children: ReactNode }) {
  return (
    <thead className="text-slate-600">
      <tr>{children}</tr>
    </thead>
  );
}

export function TableBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-slate-100">{children}</tbody>;
}

export function Th({ children, numeric = false }: { children: ReactNode; numeric?: boolean }) {
  return (
    <th
      scope="col"
      className={`py-2 pr-3 font-semibold last:pr-0 ${numeric ? 'text-right' : ''}`.trim()}
    >
      {children}
    </th>
  );
}

export function Td({
  children,
  numeric = false,
  mono = false,
}: {
  children: ReactNode;
  numeric?: boolean;
  /** Codes and plates: fixed-width, never wrapped. */
  mono?: boolean;
}) {
  const classes = ['py-2 pr-3 last:pr-0'];
  if (numeric) classes.push('text-right tabular-nums');
  if (mono) classes.push('font-mono whitespace-nowrap');
  return <td className={classes.join(' ')}>{children}</td>;
}
