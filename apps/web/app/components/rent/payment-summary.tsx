import { formatUsd } from '@parkside/validators';

export interface PaymentView {
  priceCents: number;
  refundCents: number;
  paymentStatus:
    | 'due_on_arrival'
    | 'paid'
    | 'refunded'
    | 'void'
    | 'pending'
    | 'partially_refunded'
    | 'refund_pending';
}

/** What was charged and refunded for a booking, as lines of its receipt. */
export function paymentLines(booking: PaymentView): [string, string][] {
  const price = formatUsd(booking.priceCents);
  const refund = formatUsd(booking.refundCents);
  switch (booking.paymentStatus) {
    case 'paid':
      return [['Paid by card', price]];
    case 'pending':
      return [['Payment', 'Waiting for your payment']];
    case 'refund_pending':
      return [
        ['Paid by card', price],
        ['Refund on its way', `${refund} (back on your card in 5 to 10 business days)`],
      ];
    case 'refunded':
      return [
        ['Paid by card', price],
        ['Refunded', refund],
      ];
    case 'partially_refunded':
      return [
        ['Paid by card', price],
        ['Partly refunded', refund],
      ];
    case 'due_on_arrival':
      return [['Payment', 'Due to the host on arrival']];
    case 'void':
      return [['Payment', 'Nothing to pay']];
  }
}

/** The receipt part of a booking's details: charged, refunded, or due on arrival. */
export function PaymentSummary({ booking }: { booking: PaymentView }) {
  return (
    <>
      {paymentLines(booking).map(([term, value]) => (
        <div key={term} className="flex flex-wrap items-baseline justify-between gap-x-4 text-sm">
          <dt className="font-semibold text-slate-600">{term}</dt>
          <dd className="text-right">{value}</dd>
        </div>
      ))}
    </>
  );
}
