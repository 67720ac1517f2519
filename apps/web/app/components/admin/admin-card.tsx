import { useId, type ReactNode } from 'react';

/** A titled section of an admin record's page, named by its heading for screen readers. */
export function AdminCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={headingId} className="text-ink font-bold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** What an admin card says when it has nothing to list. */
export function AdminCardEmpty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-600">{children}</p>;
}
