import { describe, expect, it } from 'vitest';
import { cancelOutcomeText, driverMoneyLine, hostMoneyLine, wasCharged } from './money-story';

const booking = (over: Partial<Parameters<typeof driverMoneyLine>[0]>) => ({
  status: 'confirmed' as const,
  paymentStatus: 'due_on_arrival' as const,
  priceCents: 2800,
  refundCents: 0,
  ...over,
});

describe('the money story', () => {
  it('paid on arrival: what to pay, and after a cancel that nothing was charged, never a refund', () => {
    expect(driverMoneyLine(booking({}))).toBe('Pay $28.00 to the host when you arrive');
    const cancelled = booking({ status: 'cancelled', paymentStatus: 'void' });
    expect(driverMoneyLine(cancelled)).toBe('Nothing was charged');
    expect(cancelOutcomeText(booking({}), 0)).toMatch(/^Nothing was charged/);
    expect(cancelOutcomeText(booking({}), 0)).not.toMatch(/refund/i);
    expect(
      hostMoneyLine({ paymentStatus: 'due_on_arrival', priceCents: 2800, hostPayoutCents: 2800 }),
    ).toBe('The driver pays you $28.00 on arrival; you keep all of it');
    expect(wasCharged('due_on_arrival')).toBe(false);
    expect(wasCharged('void')).toBe(false);
  });

  it('paid by card: what was paid, what goes back, or that the cutoff has passed', () => {
    expect(driverMoneyLine(booking({ paymentStatus: 'paid' }))).toBe('Paid $28.00 by card');
    expect(
      driverMoneyLine(
        booking({ status: 'cancelled', paymentStatus: 'refunded', refundCents: 2800 }),
      ),
    ).toBe('Paid $28.00 by card · $28.00 back to your card');
    expect(
      driverMoneyLine(
        booking({ status: 'cancelled', paymentStatus: 'refund_pending', refundCents: 2800 }),
      ),
    ).toBe('Paid $28.00 by card · $28.00 back to your card (on its way, 5 to 10 business days)');
    expect(driverMoneyLine(booking({ status: 'cancelled', paymentStatus: 'paid' }), 48)).toBe(
      'Paid $28.00 by card · No refund: cancelled less than 48 hours before the start',
    );
    expect(cancelOutcomeText(booking({ paymentStatus: 'paid' }), 2800)).toMatch(
      /^\$28\.00 back to your card/,
    );
    expect(cancelOutcomeText(booking({ paymentStatus: 'paid' }), 0)).toMatch(
      /^No refund: cancelled less than 24 hours before the start/,
    );
    expect(hostMoneyLine({ paymentStatus: 'paid', priceCents: 2800, hostPayoutCents: 2380 })).toBe(
      'Paid $28.00 by card · $4.20 fee · you receive $23.80',
    );
  });
});
