import { describe, expect, it } from 'vitest';
import { readEventFilters } from './event-filters';

const read = (query: string) => readEventFilters(new URL(`http://parkside.test/events?${query}`));

describe('readEventFilters', () => {
  it('puts dates the wrong way round the right way round, and says so', () => {
    const { filters, notice } = read('from=2027-07-10&to=2027-07-04');
    expect([filters.from, filters.to]).toEqual(['2027-07-04', '2027-07-10']);
    expect(notice).toBe(
      'From was after To, so these are the events from Jul 4, 2027 to Jul 10, 2027.',
    );
    expect(read('from=2027-07-04&to=2027-07-10').notice).toBeNull();
  });

  it('takes a point on the map for "near me", and refuses one off it', () => {
    expect(read('lat=40.25&lng=-111.65')).toMatchObject({
      near: { latitude: 40.25, longitude: -111.65 },
      nearError: null,
    });
    expect(read('lat=91&lng=0').nearError).toBe(
      'That location is not on the map. Press Near me to use yours again.',
    );
    expect(read('lat=40.25').nearError).not.toBeNull();
    expect(read('q=fair').near).toBeUndefined();
  });

  it('shows the search back without control characters, and keeps the cursor', () => {
    const { filters, cursor } = read('q=%07Stadium%0A&cursor=abc');
    expect(filters.q).toBe('Stadium');
    expect(cursor).toBe('abc');
  });
});
