/**
 * One money story per payment mode (decision 034), told in the same words on every page, e-mail
 * and figure:
 * - paid online: "Paid $X by card"; a cancel says "$Y back to your card", or that there is no
 *   refund inside the cutoff;
 * - due on arrival: "Pay $X to the host when you arrive"; nothing was charged, so a cancel says
 *   "Nothing was charged" and never speaks of a refund.
 */
import { formatUsd } from './money';

export type PaymentStatus =
  | 'due_on_arrival'
  | 'paid'
  | 'refunded'
  | 'void'
  | 'pending'
  | 'partially_refunded'
  | 'refund_pending';

export interface MoneyFacts {
  status: 'confirmed' | 'cancelled' | 'pending_payment' | 'expired';
  paymentStatus: PaymentStatus;
  priceCents: number;
  refundCents: number;
}

/** Whether the driver's card was charged for the booking (now or before a refund). */
export function wasCharged(paymentStatus: PaymentStatus): boolean {
  return (
    paymentStatus === 'paid' ||
    paymentStatus === 'refund_pending' ||
    paymentStatus === 'refunded' ||
    paymentStatus === 'partially_refunded'
  );
}

/** "Pay $28.00 to the host when you arrive": a booking paid on arrival, before the day. */
export function dueOnArrivalText(priceCents: number): string {
  return `Pay ${formatUsd(priceCents)} to the host when you arrive`;
}

export const NOTHING_CHARGED = 'Nothing was charged';

/** "No refund: cancelled less than 24 hours before the start". */
export function noRefundText(fullRefundHours: number): string {
  return `No refund: cancelled less than ${fullRefundHours} hours before the start`;
}

/** "$28.00 back to your card". */
export function backToCardText(refundCents: number): string {
  return `${formatUsd(refundCents)} back to your card`;
}

/**
 * The driver's one line on a booking's money: what was charged, what is due, what went back.
 * `fullRefundHours` names the cutoff when a paid booking was cancelled without a refund.
 */
export function driverMoneyLine(booking: MoneyFacts, fullRefundHours = 24): string {
  const price = formatUsd(booking.priceCents);
  if (!wasCharged(booking.paymentStatus)) {
    if (booking.paymentStatus === 'pending') return `Waiting for your card payment of ${price}`;
    if (booking.status === 'confirmed' && booking.paymentStatus === 'due_on_arrival') {
      return dueOnArrivalText(booking.priceCents);
    }
    return NOTHING_CHARGED;
  }
  const paid = `Paid ${price} by card`;
  if (booking.status !== 'cancelled' && booking.status !== 'expired') return paid;
  if (booking.refundCents <= 0) return `${paid} · ${noRefundText(fullRefundHours)}`;
  const back = backToCardText(booking.refundCents);
  return booking.paymentStatus === 'refund_pending'
    ? `${paid} · ${back} (on its way, 5 to 10 business days)`
    : `${paid} · ${back}`;
}

/**
 * What cancelling now does to the money, said before the driver confirms the cancel:
 * `refundNowCents` is what the refund rule gives back at this moment.
 */
export function cancelOutcomeText(
  booking: Pick<MoneyFacts, 'paymentStatus' | 'priceCents'>,
  refundNowCents: number,
  fullRefundHours = 24,
): string {
  if (!wasCharged(booking.paymentStatus)) {
    return `${NOTHING_CHARGED}, so there is nothing to pay back: you simply will not pay the host. The space goes back on sale.`;
  }
  return refundNowCents > 0
    ? `${backToCardText(refundNowCents)}, in 5 to 10 business days. The space goes back on sale.`
    : `${noRefundText(fullRefundHours)}. The space goes back on sale.`;
}

/** The host's line on one booking: what the driver paid or pays, the fee, what the host gets. */
export function hostMoneyLine(booking: {
  paymentStatus: PaymentStatus;
  priceCents: number;
  hostPayoutCents: number;
}): string {
  if (booking.paymentStatus === 'due_on_arrival') {
    return `The driver pays you ${formatUsd(booking.priceCents)} on arrival; you keep all of it`;
  }
  if (booking.paymentStatus === 'void') return NOTHING_CHARGED;
  const fee = booking.priceCents - booking.hostPayoutCents;
  return `Paid ${formatUsd(booking.priceCents)} by card · ${formatUsd(fee)} fee · you receive ${formatUsd(booking.hostPayoutCents)}`;
}
