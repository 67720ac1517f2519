import { formatUsd } from '@parkside/validators';
import { formatEventStart } from '~/utils/event-time';

export interface RefundRuleView {
  fullRefundHours: number;
  cutoff: string;
  refundableNowCents: number;
}

/**
 * The refund rule in plain words, before a driver books: for a card payment, until when the
 * full price comes back and what cancelling right now would give back; paid on arrival, that
 * nothing is charged before the day.
 */
export function RefundRule({
  rule,
  priceCents,
  payOnline,
  timeZone,
  className = '',
}: {
  rule: RefundRuleView;
  priceCents: number;
  payOnline: boolean;
  timeZone: string;
  className?: string;
}) {
  const cutoff = formatEventStart(rule.cutoff, timeZone);
  return (
    <div className={`rounded-xl bg-slate-50 p-4 text-sm ring-1 ring-slate-200 ${className}`}>
      <h2 className="text-ink font-bold">If your plans change</h2>
      {payOnline ? (
        <>
          <p className="mt-1 text-slate-700">
            Cancel before <strong>{cutoff}</strong> ({rule.fullRefundHours} hours before the start)
            and the full {formatUsd(priceCents)} goes back to your card. After that, there is no
            refund.
          </p>
          <p className="mt-2 font-semibold text-slate-900">
            {rule.refundableNowCents > 0
              ? `If you cancel today: ${formatUsd(rule.refundableNowCents)} back to your card.`
              : 'The cutoff has passed: a booking made now cannot be refunded.'}
          </p>
        </>
      ) : (
        <p className="mt-1 text-slate-700">
          You pay the host {formatUsd(priceCents)} when you arrive, so nothing is charged now.
          Cancel any time before the event starts and you owe nothing.
        </p>
      )}
    </div>
  );
}
