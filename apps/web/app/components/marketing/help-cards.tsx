import type { ReactNode } from 'react';

/** A white card with a heading, for a fact of the contact page (how to reach us, the hours). */
export function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 className="text-lg font-bold">{title}</h2>
      <div className="mt-3 space-y-2 text-slate-700">{children}</div>
    </div>
  );
}

/** A titled list of short answers, each with its bullet. */
export function HelpList({ id, title, items }: { id: string; title: string; items: ReactNode[] }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <h3 id={id} className="text-brand-800 text-lg font-bold">
        {title}
      </h3>
      <ul className="mt-3 space-y-3 text-slate-700">
        {items.map((item, index) => (
          <li key={index} className="flex gap-3">
            <span
              aria-hidden="true"
              className="bg-brand-600 mt-2 h-1.5 w-1.5 shrink-0 rounded-full"
            />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
