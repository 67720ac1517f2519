import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { bookingStepText, hostShare, whatYouEarnText, type MoneyTerms } from '@parkside/validators';
import { requireVerifiedUser } from '~/.server/auth';
import { FaqList } from '~/components/marketing/faq-list';
import { FeeExample } from '~/components/marketing/fee-example';
import { hostFaq } from '~/components/marketing/host-faq';
import { Steps, type Step } from '~/components/marketing/steps';
import { CallToAction } from '~/components/marketing/call-to-action';
import { PageSection } from '~/components/marketing/page-section';
import { ButtonLink } from '~/components/ui/button-link';
import { siteMoneyTerms } from '~/.server/money-terms';

export const meta: MetaFunction = () => [
  { title: 'Host your driveway · Parkside' },
  {
    name: 'description',
    content:
      'Earn from your driveway on event days. See how hosting works, what Parkside charges and what you keep.',
  },
];

export function loader({ context, request }: LoaderFunctionArgs) {
  requireVerifiedUser(context, request, 'host on Parkside');
  return { terms: siteMoneyTerms(context) };
}

const ctaClasses =
  'text-ink inline-flex h-12 items-center justify-center rounded-xl bg-amber-400 px-6 text-base font-bold shadow-lg hover:bg-amber-300 focus-visible:outline-4 focus-visible:outline-amber-200';

function hostSteps(terms: MoneyTerms): Step[] {
  return [
    {
      title: 'List your driveway',
      body: 'Add the address, drop a pin, say how many cars fit and how drivers get in. Photos help drivers find you. It takes about five minutes.',
    },
    {
      title: 'Choose events and set your price',
      body: 'Pick the events you want to host for and a price per space. You see exactly what you will receive as you type.',
    },
    {
      title: 'Drivers book, you earn',
      body: bookingStepText(terms),
    },
  ];
}

export default function ListPage() {
  const { terms } = useLoaderData<typeof loader>();
  const share = hostShare(terms);
  return (
    <>
      <section className="from-brand-900 to-brand-700 bg-gradient-to-b text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1fr_20rem]">
          <div>
            <p className="text-brand-100 text-sm font-semibold tracking-wide uppercase">
              Host on Parkside
            </p>
            <h1 className="mt-2 max-w-2xl text-4xl font-extrabold tracking-tight sm:text-5xl">
              Earn from your driveway on event days
            </h1>
            <p className="text-brand-50 mt-4 max-w-xl text-lg">
              Thousands of fans circle the blocks around every big game and festival. Give them a
              sure spot in your driveway, and get paid for space that sits empty anyway.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/register-driveway" className={ctaClasses}>
                List your driveway
              </Link>
              <a
                href="#how-heading"
                className="inline-flex h-12 items-center justify-center rounded-xl px-6 font-semibold text-white ring-1 ring-white/60 hover:bg-white/10"
              >
                See how it works
              </a>
            </div>
          </div>
          <div className="rounded-2xl bg-white/10 p-6 ring-1 ring-white/20">
            <p className="text-5xl font-extrabold">{share.figure}</p>
            <p className="text-brand-50 mt-2">{share.sentence}</p>
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-6xl space-y-16 px-4 py-14 sm:px-6">
        <PageSection id="how-heading" title="How hosting works" className="scroll-mt-24">
          <div className="mt-6">
            <Steps steps={hostSteps(terms)} />
          </div>
        </PageSection>

        <PageSection id="fee-heading" title="What you earn">
          <p className="mt-2 max-w-2xl text-slate-700">{whatYouEarnText(terms)}</p>
          {terms.online ? (
            <div className="mt-6">
              <FeeExample feeBps={terms.feeBps} />
            </div>
          ) : null}
        </PageSection>

        <PageSection id="faq-heading" title="Questions hosts ask">
          <div className="mt-6 grid items-start gap-6 lg:grid-cols-[1fr_18rem]">
            <FaqList items={hostFaq(terms)} />
            <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <h3 className="text-lg font-bold">Still have a question?</h3>
              <p className="mt-2 text-slate-700">
                Our team helps hosts get set up, from pricing to access instructions.
              </p>
              <ButtonLink to="/contact" variant="secondary" className="mt-4 w-full">
                Contact Parkside
              </ButtonLink>
            </div>
          </div>
        </PageSection>

        <CallToAction
          title="Ready for the next event?"
          body="Set up your driveway once, then list it for as many events as you like."
          to="/register-driveway"
          action="List your driveway"
        />
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
