import { publicMessageOf } from '@parkside/api/errors';
import { redirect } from '@remix-run/node';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { requireVerifiedUser } from '~/.server/auth';
import { checkInFromForm, isCheckInForm } from '~/.server/check-in';
import { upcomingEventChoices } from '~/.server/host';
import { runHostAction } from '~/.server/host-actions';
import { tryApi } from '~/.server/api-errors';
import { saveReviewForm } from '~/.server/reviews';
import { redirectWithToast } from '~/.server/toast';
import { DrivewayCard, holdsFailure } from '~/components/host/driveway-card';
import { ArrivalsPanel } from '~/components/host/arrivals-panel';
import { PayoutsPanel } from '~/components/host/payouts-panel';
import { ReportsNotice } from '~/components/host/reports-notice';
import { EmptyState } from '~/components/ui/empty-state';
import { PageBody } from '~/components/layout/page-body';
import { ButtonLink } from '~/components/ui/button-link';
import { hostMoneyTerms } from '~/.server/money-terms';

export const meta: MetaFunction = () => [{ title: 'My Listings · Parkside' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireVerifiedUser(context, request);
  const back = new URL(request.url).searchParams.get('payouts');
  // Stripe's onboarding link ran out: a fresh one.
  if (back === 'refresh') {
    const link = await tryApi(() => context.api.payout.setup());
    if (link.ok) throw redirect(link.value.url);
  }
  // Back from Stripe: read the account's state now rather than wait for its webhook.
  if (back === 'return') await tryApi(() => context.api.payout.refresh());
  const [driveways, events, payouts, arrivals, reports] = await Promise.all([
    context.api.listing.mine(),
    upcomingEventChoices(context),
    context.api.payout.status(),
    context.api.pass.arrivals(),
    context.api.parkingReport.forHost(),
  ]);
  const unanswered = reports.filter((r) => r.hostReply === null && !r.reversedAt).length;
  // This host's drivers pay by card once their payouts are active; before that, on arrival.
  const terms = hostMoneyTerms(context, payouts);
  return {
    driveways,
    events,
    payouts,
    arrivals,
    terms,
    reports: { total: reports.length, unanswered },
    now: new Date().toISOString(),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireVerifiedUser(context, request);
  const form = await request.formData();
  if (isCheckInForm(form)) return checkInFromForm(context, form, '/my-listings');
  const intent = form.get('intent');
  if (intent === 'review') return saveReviewForm(context, form, '/my-listings');
  if (intent === 'setup-payouts') {
    try {
      return redirect((await context.api.payout.setup()).url);
    } catch (error) {
      return redirectWithToast('/my-listings', { type: 'error', title: publicMessageOf(error) });
    }
  }
  return runHostAction(context, form);
}

export default function MyListings() {
  const { driveways, events, payouts, arrivals, terms, reports, now } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const checkIn = answer && 'checkInError' in answer ? answer : undefined;
  const failure = answer && 'checkInError' in answer ? undefined : answer;
  // "Fix and send again" on a driveway's row opens that listing's form.
  const fixing = useSearchParams()[0].get('fix');
  return (
    <PageBody width="3xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">My Listings</h1>
        {driveways.length ? (
          <ButtonLink to="/register-driveway" variant="secondary">
            Add a driveway
          </ButtonLink>
        ) : null}
      </div>
      <ReportsNotice {...reports} />
      {driveways.length > 0 ? (
        <>
          <ArrivalsPanel
            arrivals={arrivals}
            checkInError={checkIn?.checkInError}
            typedCode={checkIn?.code}
          />
          {arrivals.length > 0 ? (
            <p className="mt-2 text-sm text-slate-700">
              On game day, open{' '}
              <Link to="/arrivals" className="text-brand-800 font-semibold underline">
                Arrivals
              </Link>
              : it is kept on your phone and checks cars in with no signal.
            </p>
          ) : null}
        </>
      ) : null}
      {payouts.online && (driveways.length > 0 || payouts.earnedCents > 0) ? (
        <PayoutsPanel payouts={payouts} />
      ) : null}
      {driveways.length === 0 ? (
        <EmptyState
          title="You have not listed a driveway yet."
          className="mt-6"
          action={<ButtonLink to="/register-driveway">List your driveway</ButtonLink>}
        >
          Earn money on event days: list your driveway in a few minutes.
        </EmptyState>
      ) : (
        <div className="mt-6 flex flex-col gap-4">
          {driveways.map((driveway) => (
            <DrivewayCard
              key={driveway.id}
              driveway={driveway}
              events={events}
              terms={terms}
              failure={failure}
              // One line each once there are several; open when a form of it was refused.
              open={
                driveways.length <= 2 ||
                holdsFailure(driveway, failure?.target) ||
                driveway.listings.some((l) => l.id === fixing)
              }
              now={now}
              fixing={fixing}
            />
          ))}
        </div>
      )}
    </PageBody>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
