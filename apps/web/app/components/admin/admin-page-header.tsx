import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';

/** The top of every admin page: the way back to the Admin Panel, the title, one line about it. */
export function AdminPageHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Link to="/admin" className="text-brand-800 text-sm font-semibold hover:underline">
        <span aria-hidden="true">←</span> Admin Panel
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight">{title}</h1>
      <p className="mt-1 text-slate-600">{children}</p>
    </div>
  );
}
