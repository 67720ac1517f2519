/**
 * Money in integer cents, USD. The platform keeps a fee from the host's side: the driver pays the
 * listed price, the host receives the price minus the fee. Browser-safe, so the host's payout
 * preview and the server's booking use the same arithmetic.
 */

/** Default platform fee in basis points (1500 = 15 %); PLATFORM_FEE_BPS overrides it. */
export const PLATFORM_FEE_BPS_DEFAULT = 1500;

/** The fee on a price, rounded half up to the cent. */
export function platformFeeCents(priceCents: number, feeBps: number): number {
  return Math.floor((priceCents * feeBps) / 10_000 + 0.5);
}

export function hostPayoutCents(priceCents: number, feeBps: number): number {
  return priceCents - platformFeeCents(priceCents, feeBps);
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 1750 -> "$17.50" */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}

/** 1500 -> "15%", 1250 -> "12.5%" */
export function formatBps(bps: number): string {
  return `${Number((bps / 100).toFixed(2))}%`;
}

/** Minutes a booking holds its space while the driver pays online. */
export const PAYMENT_HOLD_MINUTES = 10;
