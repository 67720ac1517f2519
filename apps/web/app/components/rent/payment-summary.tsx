import {
  backToCardText,
  dueOnArrivalText,
  formatUsd,
  NOTHING_CHARGED,
  noRefundText,
  type MoneyFacts,
} from '@parkside/validators';

/**
 * What was charged, what is due and what went back for a booking, as lines of its receipt, in
 * the words of the money story (decision 034): a booking paid on arrival never speaks of a
 * refund. `fullRefundHours` names the cutoff when a paid booking was cancelled without one.
 */
export function paymentLines(booking: MoneyFacts, fullRefundHours = 24): [string, string][] {
  const price = formatUsd(booking.priceCents);
  const refund = booking.refundCents;
  const ended = booking.status === 'cancelled' || booking.status === 'expired';
  switch (booking.paymentStatus) {
    case 'pending':
      return [['Payment', `Waiting for your card payment of ${price}`]];
    case 'due_on_arrival':
      return [['Payment', ended ? NOTHING_CHARGED : dueOnArrivalText(booking.priceCents)]];
    case 'void':
      return [['Payment', NOTHING_CHARGED]];
    case 'paid':
      return ended
        ? [
            ['Payment', `Paid ${price} by card`],
            ['Refund', noRefundText(fullRefundHours)],
          ]
        : [['Payment', `Paid ${price} by card`]];
    case 'refund_pending':
      return [
        ['Payment', `Paid ${price} by card`],
        ['Refund', `${backToCardText(refund)}, on its way (5 to 10 business days)`],
      ];
    case 'refunded':
    case 'partially_refunded':
      return [
        ['Payment', `Paid ${price} by card`],
        ['Refund', backToCardText(refund)],
      ];
  }
}

/** The receipt part of a booking's details: charged, refunded, or due on arrival. */
export function PaymentSummary({
  booking,
  fullRefundHours,
}: {
  booking: MoneyFacts;
  fullRefundHours?: number;
}) {
  return (
    <>
      {paymentLines(booking, fullRefundHours).map(([term, value]) => (
        <div key={term} className="flex flex-wrap items-baseline justify-between gap-x-4 text-sm">
          <dt className="font-semibold text-slate-600">{term}</dt>
          <dd className="text-right">{value}</dd>
        </div>
      ))}
    </>
  );
}
