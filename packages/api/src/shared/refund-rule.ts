/** The refund rule drivers read before they book, on every page that shows it. */

/** What a driver gets back when cancelling now: full refund early enough, nothing after. */
export function driverRefundCents(
  booking: { priceCents: number },
  eventStartsAt: Date,
  now: Date,
  fullRefundHours: number,
) {
  return eventStartsAt.getTime() - now.getTime() >= fullRefundHours * 3_600_000
    ? booking.priceCents
    : 0;
}

/** The last moment a card payment comes back in full: `fullRefundHours` before the start. */
export const refundCutoff = (startsAt: Date, fullRefundHours: number) =>
  new Date(startsAt.getTime() - fullRefundHours * 3_600_000);

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
  const cutoff = refundCutoff(startsAt, fullRefundHours);
  return {
    fullRefundHours,
    /** Cancelled before this instant, a card payment comes back in full; after it, nothing. */
    cutoff: cutoff.toISOString(),
    refundableNowCents: driverRefundCents({ priceCents }, startsAt, now, fullRefundHours),
  };
}

export type RefundRule = ReturnType<typeof refundRule>;
