import { useId, type ReactNode } from 'react';

const padding = {
  compact: 'p-5',
  roomy: 'p-6 sm:p-8',
} as const;

/**
 * A titled card of a page (a record's bookings, a settings group), named by its heading for
 * screen readers. `compact` for dense admin pages, `roomy` for forms.
 */
export function Section({
  id,
  title,
  description,
  size = 'compact',
  className = '',
  children,
}: {
  /** For links to this section (`/page#id`). */
  id?: string;
  title: ReactNode;
  description?: ReactNode;
  size?: keyof typeof padding;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 ${padding[size]} ${className}`.trim()}
    >
      <h2 id={headingId} className={size === 'roomy' ? 'text-lg font-bold' : 'text-ink font-bold'}>
        {title}
      </h2>
      {description ? <div className="mt-1 text-sm text-slate-600">{description}</div> : null}
      <div className={size === 'roomy' ? 'mt-5' : 'mt-3'}>{children}</div>
    </section>
  );
}
