import { describe, expect, it } from 'vitest';
import { soonestAhead } from './clock';

describe('soonestAhead', () => {
  const now = Date.parse('2026-09-05T18:00:00Z');

  it('is the soonest instant still ahead, past ones and missing ones aside', () => {
    const instants = ['2026-09-05T17:59:59Z', null, '2026-09-06T02:00:00Z', '2026-09-05T21:30:00Z'];
    expect(soonestAhead(instants, now)).toBe(Date.parse('2026-09-05T21:30:00Z'));
  });

  it('counts an instant at this very moment: the page changes now', () => {
    expect(soonestAhead(['2026-09-05T18:00:00Z'], now)).toBe(now);
  });

  it('is undefined when nothing changes by the clock any more', () => {
    expect(soonestAhead([], now)).toBeUndefined();
    expect(soonestAhead([null, '2026-09-01T00:00:00Z'], now)).toBeUndefined();
  });
});
