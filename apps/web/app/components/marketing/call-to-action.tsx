import { useId } from 'react';
import { ButtonLink } from '~/components/ui/button-link';

/** The closing band of a marketing page: a heading, a line, and one large button. */
export function CallToAction({
  title,
  body,
  to,
  action,
}: {
  title: string;
  body: string;
  to: string;
  action: string;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="bg-brand-50 ring-brand-100 flex flex-col items-start gap-4 rounded-2xl p-6 ring-1 sm:flex-row sm:items-center sm:justify-between sm:p-8"
    >
      <div>
        <h2 id={headingId} className="text-xl font-bold sm:text-2xl">
          {title}
        </h2>
        <p className="mt-1 text-slate-700">{body}</p>
      </div>
      <ButtonLink to={to} size="lg">
        {action}
      </ButtonLink>
    </section>
  );
}
