import { describe, expect, it } from 'vitest';
import { addDays, nextAnnual, zonedTimeToUtc } from './time';

describe('zonedTimeToUtc', () => {
  it('reads wall-clock time in the event zone, summer and winter', () => {
    // Provo is UTC-6 in July (MDT) and UTC-7 in January (MST).
    expect(zonedTimeToUtc('2027-07-04', '19:30', 'America/Denver').toISOString()).toBe(
      '2027-07-05T01:30:00.000Z',
    );
    expect(zonedTimeToUtc('2027-01-15', '19:30', 'America/Denver').toISOString()).toBe(
      '2027-01-16T02:30:00.000Z',
    );
    expect(zonedTimeToUtc('2026-12-01', '17:00', 'America/Los_Angeles').toISOString()).toBe(
      '2026-12-02T01:00:00.000Z',
    );
  });

  it('handles the day daylight saving starts', () => {
    // 2027-03-14: clocks in Denver jump from 02:00 to 03:00; 09:00 is MDT (UTC-6).
    expect(zonedTimeToUtc('2027-03-14', '09:00', 'America/Denver').toISOString()).toBe(
      '2027-03-14T15:00:00.000Z',
    );
  });
});

describe('calendar helpers', () => {
  it('counts days in the given zone', () => {
    // 03:00 UTC on Nov 21 is still Nov 20 in Portland.
    const instant = new Date('2026-11-21T03:00:00Z');
    expect(addDays(instant, 0, 'America/Los_Angeles')).toBe('2026-11-20');
    expect(addDays(instant, 12, 'America/Los_Angeles')).toBe('2026-12-02');
  });

  it('finds the next yearly date', () => {
    expect(nextAnnual(new Date('2026-11-21T12:00:00Z'), 7, 4, 'America/Denver')).toBe('2027-07-04');
    expect(nextAnnual(new Date('2027-03-01T12:00:00Z'), 7, 4, 'America/Denver')).toBe('2027-07-04');
  });
});
