import type { ReactNode } from 'react';

/**
 * What a list or page shows when it has nothing yet: a headline, a line of help and, where there
 * is one, the next step (a link styled as a button).
 */
export function EmptyState({
  title,
  children,
  action,
  className = '',
}: {
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={`rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center ${className}`.trim()}
    >
      <p className="text-ink text-lg font-semibold">{title}</p>
      {children ? <div className="mt-1 text-slate-600">{children}</div> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

/** The short line a section shows in place of a list it does not have. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-600">{children}</p>;
}
