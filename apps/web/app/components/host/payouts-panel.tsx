import type { ApiCaller } from '@parkside/api';
import { formatUsd } from '@parkside/validators';
import { Form } from '@remix-run/react';
import { SubmitButton } from '~/components/forms/submit-button';
import { AlertText } from '~/components/forms/field';

export type PayoutSummary = Awaited<ReturnType<ApiCaller['payout']['status']>>;

const STATUS = {
  not_started: { label: 'Not set up', tone: 'bg-slate-100 text-slate-700' },
  pending: { label: 'Pending', tone: 'bg-amber-100 text-amber-900' },
  active: { label: 'Active', tone: 'bg-emerald-100 text-emerald-800' },
} as const;

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * The host's payouts: the account's state at Stripe, the button that sets it up, and what their
 * bookings earned, what is still to come and what was paid out.
 */
export function PayoutsPanel({ payouts, error }: { payouts: PayoutSummary; error?: string }) {
  const status = STATUS[payouts.status];
  const figures: [string, number][] = [
    ['Earned', payouts.earnedCents],
    ['Pending', payouts.pendingCents],
    ['Paid out', payouts.paidOutCents],
  ];
  return (
    <section
      aria-labelledby="payouts-heading"
      className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="payouts-heading" className="text-xl font-bold">
          Payouts
        </h2>
        <span className={`rounded-full px-3 py-1 text-xs font-bold ${status.tone}`}>
          <span className="sr-only">Payout status: </span>
          {status.label}
        </span>
      </div>
      <p className="mt-2 text-slate-700">
        {payouts.status === 'active'
          ? 'Drivers pay online when they book. After each event we send you the price minus the Parkside fee.'
          : payouts.status === 'pending'
            ? 'Stripe is still missing some details or checking them. Until payouts are active, drivers pay you on arrival.'
            : 'Set up payouts with Stripe so drivers can pay online when they book. Until then, drivers pay you on arrival.'}
      </p>
      <AlertText className="mt-2">{error}</AlertText>
      {payouts.status !== 'active' ? (
        <Form method="post" className="mt-4">
          <SubmitButton name="intent" value="setup-payouts" pendingText="Opening Stripe…">
            {payouts.status === 'pending' ? 'Continue payout setup' : 'Set up payouts'}
          </SubmitButton>
        </Form>
      ) : null}
      <dl className="mt-4 grid grid-cols-3 gap-3">
        {figures.map(([term, cents]) => (
          <div key={term} className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{term}</dt>
            <dd className="mt-1 text-lg font-extrabold">{formatUsd(cents)}</dd>
          </div>
        ))}
      </dl>
      {payouts.payouts.length ? (
        <ul aria-label="Latest payouts" className="mt-4 divide-y divide-slate-200 text-sm">
          {payouts.payouts.map((p) => (
            <li key={p.id} className="flex flex-wrap justify-between gap-2 py-2">
              <span>
                {p.eventTitle} · {p.bookingCount} {p.bookingCount === 1 ? 'booking' : 'bookings'}
              </span>
              <span className="font-semibold">
                {formatUsd(p.amountCents)}{' '}
                <span className="font-normal text-slate-600">
                  {p.status === 'paid' && p.paidAt ? `paid ${dateOf(p.paidAt)}` : 'on its way'}
                </span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
