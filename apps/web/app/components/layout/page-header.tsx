import type { ReactNode } from 'react';
import { BackLink } from '~/components/ui/back-link';

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
      <BackLink to={back.to}>{back.label}</BackLink>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight">{title}</h1>
      <p className="mt-2 text-slate-600">{children}</p>
    </header>
  );
}
