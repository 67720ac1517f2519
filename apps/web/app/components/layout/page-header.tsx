import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';

/** The top of an inner page: the way back up, the title, one line about the page. */
export function PageHeader({
  back,
  title,
  children,
  className = '',
}: {
  back: { to: string; label: string };
  title: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <header className={className}>
      <Link to={back.to} className="text-brand-800 text-sm font-semibold hover:underline">
        <span aria-hidden="true">←</span> {back.label}
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight">{title}</h1>
      <p className="mt-2 text-slate-600">{children}</p>
    </header>
  );
}
