import type { ReactNode } from 'react';
import { ButtonLink } from '~/components/ui/button-link';

/** A page whose feature is on its way: says what it will do and where to go meanwhile. */
export function ComingSoon({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: { to: string; label: string };
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
      <div className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
        <p className="inline-block rounded-full bg-amber-100 px-3 py-1 text-xs font-bold tracking-wide text-amber-900 uppercase">
          Coming soon
        </p>
        <div className="mx-auto mt-3 max-w-md text-slate-700">{children}</div>
        {action ? (
          <ButtonLink to={action.to} className="mt-6">
            {action.label}
          </ButtonLink>
        ) : null}
      </div>
    </div>
  );
}
