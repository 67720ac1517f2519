import type { ReactNode } from 'react';

/** The green band at the top of a marketing page, with its one h1. */
export function PageIntro({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <section className="from-brand-900 to-brand-700 bg-gradient-to-b text-white">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        {eyebrow ? (
          <p className="text-brand-100 text-sm font-semibold tracking-wide uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="mt-2 max-w-3xl text-3xl font-extrabold tracking-tight sm:text-5xl">
          {title}
        </h1>
        {children ? <div className="text-brand-50 mt-4 max-w-2xl text-lg">{children}</div> : null}
      </div>
    </section>
  );
}
