import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { formatBps } from '@parkside/validators';
import { PageIntro } from '~/components/marketing/page-intro';
import { termsSections } from '~/components/marketing/terms-sections';
import { siteMoneyTerms } from '~/.server/money-terms';

export const meta: MetaFunction = () => [
  { title: 'Terms of service · Parkside' },
  {
    name: 'description',
    content:
      'The rules for booking and listing driveway parking on Parkside: fees, cancellations, refunds and responsibilities.',
  },
];

const LAST_UPDATED = { iso: '2026-11-21', label: 'November 21, 2026' };

export function loader({ context }: LoaderFunctionArgs) {
  return { terms: siteMoneyTerms(context) };
}

export default function TermsPage() {
  const { terms } = useLoaderData<typeof loader>();
  const sections = termsSections(terms);
  return (
    <>
      <PageIntro eyebrow="Legal" title="Terms of service">
        <p>
          Last updated <time dateTime={LAST_UPDATED.iso}>{LAST_UPDATED.label}</time>
        </p>
      </PageIntro>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[16rem_1fr] lg:gap-12 lg:py-12">
        <nav
          aria-labelledby="toc-heading"
          className="self-start rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:sticky lg:top-24"
        >
          <h2 id="toc-heading" className="text-sm font-bold tracking-wide text-slate-700 uppercase">
            On this page
          </h2>
          <ol className="mt-3 space-y-1 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="hover:bg-brand-50 hover:text-brand-800 flex gap-2 rounded-md px-2 py-1.5 text-slate-700"
                >
                  <span className="w-5 shrink-0 text-right text-slate-600 tabular-nums">
                    {index + 1}.
                  </span>{' '}
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <article className="max-w-3xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10">
          <p className="text-lg text-slate-700">
            Please read these terms carefully. In short: drivers pay exactly the price they see
            {terms.online
              ? `, hosts keep the price minus our ${formatBps(terms.feeBps)} fee,`
              : ', to the host when they arrive,'}{' '}
            and bookings are an agreement between the driver and the host.
          </p>
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="mt-10 scroll-mt-24"
            >
              <h2 id={`${section.id}-heading`} className="text-xl font-bold sm:text-2xl">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-slate-700">{section.body}</div>
            </section>
          ))}
        </article>
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
