import { describe, expect, it } from 'vitest';
import { formatEventStart, formatWindowEnd, formatWindowStart } from './event-time';

describe('formatEventStart', () => {
  it('shows the time in the event zone, not the viewer zone', () => {
    const kickoff = '2026-11-28T20:30:00.000Z';
    expect(formatEventStart(kickoff, 'America/Denver')).toBe('Sat, Nov 28, 2026 · 1:30 PM MST');
    expect(formatEventStart(kickoff, 'America/Los_Angeles')).toBe(
      'Sat, Nov 28, 2026 · 12:30 PM PST',
    );
  });

  it('follows daylight saving time', () => {
    expect(formatEventStart('2027-07-05T01:30:00.000Z', 'America/Denver')).toBe(
      'Sun, Jul 4, 2027 · 7:30 PM MDT',
    );
  });
});

describe('formatWindowEnd', () => {
  it('gives the end time alone on the same day, and its date after midnight', () => {
    const from = '2027-01-05T02:15:00.000Z'; // Mon, Jan 4, 7:15 PM MST
    expect(formatWindowEnd(from, '2027-01-05T06:45:00.000Z', 'America/Denver')).toBe(
      '11:45 PM MST',
    );
    expect(formatWindowEnd(from, '2027-01-05T07:45:00.000Z', 'America/Denver')).toBe(
      '12:45 AM MST on Tue, Jan 5, 2027',
    );
  });
});

describe('formatWindowStart', () => {
  it('gives the start time alone on the event’s day, and its date when it opens the day before', () => {
    const kickoff = '2026-11-27T07:30:00.000Z'; // Fri, Nov 27, 12:30 AM MST
    expect(formatWindowStart('2026-11-27T07:00:00.000Z', kickoff, 'America/Denver')).toBe(
      '12:00 AM MST',
    );
    expect(formatWindowStart('2026-11-27T05:30:00.000Z', kickoff, 'America/Denver')).toBe(
      '10:30 PM MST on Thu, Nov 26, 2026',
    );
  });
});
