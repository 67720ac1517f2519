import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';

/** "← Somewhere": the way back up, above a page's heading. */
export function BackLink({
  to,
  children,
  className = '',
}: {
  to: string;
  children: ReactNode;
  /** Placement only (margins, hiding on wide screens or in print). */
  className?: string;
}) {
  return (
    <Link
      to={to}
      className={`text-brand-800 inline-block text-sm font-semibold hover:underline ${className}`}
    >
      <span aria-hidden="true">←</span> {children}
    </Link>
  );
}
