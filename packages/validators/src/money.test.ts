import { describe, expect, it } from 'vitest';
import { formatBps, formatUsd, hostPayoutCents, platformFeeCents } from './money';

describe('money', () => {
  it('takes the fee from the host side, rounded half up to the cent', () => {
    expect(platformFeeCents(2000, 1500)).toBe(300);
    expect(hostPayoutCents(2000, 1500)).toBe(1700);
    // 15 % of $10.10 is 151.5 cents: half up to 152.
    expect(platformFeeCents(1010, 1500)).toBe(152);
    expect(hostPayoutCents(1010, 1500)).toBe(858);
    expect(platformFeeCents(1009, 1500)).toBe(151);
    expect(platformFeeCents(0, 1500)).toBe(0);
  });

  it('formats for people', () => {
    expect(formatUsd(1750)).toBe('$17.50');
    expect(formatBps(1500)).toBe('15%');
    expect(formatBps(1250)).toBe('12.5%');
  });
});
