import { describe, expect, it } from 'vitest';
import { fromZonedInput, toZonedInput } from './zoned-time';

describe('wall-clock times in an event zone', () => {
  it('round-trips summer and winter times in Denver and Portland', () => {
    expect(fromZonedInput('2026-07-04T19:30', 'America/Denver')).toBe('2026-07-05T01:30:00.000Z');
    expect(fromZonedInput('2026-12-01T08:00', 'America/Los_Angeles')).toBe(
      '2026-12-01T16:00:00.000Z',
    );
    expect(toZonedInput('2026-07-05T01:30:00.000Z', 'America/Denver')).toBe('2026-07-04T19:30');
    expect(toZonedInput('2026-12-01T16:00:00.000Z', 'America/Los_Angeles')).toBe(
      '2026-12-01T08:00',
    );
  });

  it('moves a time skipped by the spring jump forward and refuses nonsense', () => {
    expect(fromZonedInput('2026-03-08T02:30', 'America/Denver')).toBe('2026-03-08T09:30:00.000Z');
    expect(fromZonedInput('2026-02-30T10:00', 'America/Denver')).toBeNull();
    expect(fromZonedInput('tomorrow', 'America/Denver')).toBeNull();
  });
});
