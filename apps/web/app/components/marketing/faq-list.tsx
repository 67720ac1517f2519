import type { ReactNode } from 'react';

export interface Faq {
  question: string;
  answer: ReactNode;
}

/** Questions that open in place (<details>), so they work before JavaScript loads. */
export function FaqList({ items }: { items: Faq[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {items.map((item) => (
        <details key={item.question} className="group px-5 sm:px-6">
          <summary className="hover:text-brand-800 flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left font-semibold [&::-webkit-details-marker]:hidden">
            {item.question}
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              fill="currentColor"
              className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
            >
              <path
                fillRule="evenodd"
                d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06z"
                clipRule="evenodd"
              />
            </svg>
          </summary>
          <div className="space-y-2 pb-5 text-slate-700">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
