import { describe, expect, it } from 'vitest';
import { formatEventStart } from './event-time';

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
