import type { ReactNode } from 'react';

/** A titled part of a marketing page; `id` names its heading, for in-page links. */
export function PageSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-2xl font-bold sm:text-3xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
