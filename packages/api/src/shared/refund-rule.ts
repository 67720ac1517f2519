/** The refund rule drivers read before they book, on every page that shows it. */

/**
 * The refund rule of a booking at `priceCents` on an event starting at `startsAt`: paid by
 * card, the full price comes back when cancelled at least `fullRefundHours` before the start,
 * nothing after. `refundableNowCents` is what cancelling at `now` would give back.
 */
export function refundRule(
  startsAt: Date,
  priceCents: number,
  fullRefundHours: number,
  now = new Date(),
) {
  const cutoff = new Date(startsAt.getTime() - fullRefundHours * 3_600_000);
  return {
    fullRefundHours,
    /** Cancelled before this instant, a card payment comes back in full; after it, nothing. */
    cutoff: cutoff.toISOString(),
    refundableNowCents: now < cutoff ? priceCents : 0,
  };
}

export type RefundRule = ReturnType<typeof refundRule>;
