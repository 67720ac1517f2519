import { describe, expect, it } from 'vitest';
import { adminAuditInput } from './admin';
import { eventCreateInput, eventListInput, isCountryCode, YEARS_MESSAGE } from './events';
import { instantToLocalDateTime, isLocalDateTime, localDateTimeToInstant } from './time-zone';
import { PROVO_FAIR_PLACE } from './testing';

describe('local date-times at the venue', () => {
  it('recognises real datetime-local values only', () => {
    const real = ['2027-07-04T19:30', '2027-07-04T19:30:15'];
    const unreal = ['2027-02-29T10:00', '2027-07-04 19:30', '2027-07-04T24:00', 'tomorrow'];
    expect(real.filter((value) => isLocalDateTime(value))).toEqual(real);
    expect(unreal.filter((value) => isLocalDateTime(value))).toEqual([]);
  });

  it('converts wall-clock times to instants in the given zone, across daylight saving', () => {
    expect(localDateTimeToInstant('2027-07-04T19:30', 'America/Denver').toISOString()).toBe(
      '2027-07-05T01:30:00.000Z',
    );
    expect(localDateTimeToInstant('2027-01-15T19:30', 'America/Denver').toISOString()).toBe(
      '2027-01-16T02:30:00.000Z',
    );
    expect(localDateTimeToInstant('2027-07-04T19:30', 'Asia/Kolkata').toISOString()).toBe(
      '2027-07-04T14:00:00.000Z',
    );
  });

  it('shows an instant as the wall clock of the zone, the inverse of the conversion', () => {
    const instant = new Date('2027-07-05T01:30:00.000Z');
    expect(instantToLocalDateTime(instant, 'America/Denver')).toBe('2027-07-04T19:30');
    expect(instantToLocalDateTime(instant, 'America/Los_Angeles')).toBe('2027-07-04T18:30');
    expect(instantToLocalDateTime('2027-01-01T00:05:00.000Z', 'UTC')).toBe('2027-01-01T00:05');
  });
});

describe('isCountryCode', () => {
  it('accepts ISO region codes and refuses anything else', () => {
    expect(['US', 'CA'].filter((code) => isCountryCode(code))).toEqual(['US', 'CA']);
    const refused = ['us', 'ZZ', 'USA', 'EU', 'SU'];
    expect(refused.filter((code) => isCountryCode(code))).toEqual([]);
  });
});

describe('eventCreateInput', () => {
  const valid = {
    title: 'Provo Summer Fair',
    ...PROVO_FAIR_PLACE,
    startLocal: '2099-07-04T10:00',
    endLocal: '2099-07-04T18:00',
    expectedAttendance: 12000,
  };

  it('accepts every field, trims text and turns blank addresses into none', () => {
    const parsed = eventCreateInput.parse({
      ...valid,
      title: '  Provo Summer Fair ',
      websiteUrl: '',
      imageUrl: ' https://cdn.example.com/fair.jpg ',
    });
    expect(parsed).toMatchObject({
      title: 'Provo Summer Fair',
      description: '',
      websiteUrl: null,
      imageUrl: 'https://cdn.example.com/fair.jpg',
    });
  });

  it('takes an image on this site, an uploaded one included, but no other kind of address', () => {
    const image = (imageUrl: string) => eventCreateInput.safeParse({ ...valid, imageUrl });
    expect(image('/images/events/parade.svg').success).toBe(true);
    const uploaded = '/v0/b/parkside/o/events%2Fabc%2Fposter.png?alt=media&token=Zx-9_a';
    expect(image(uploaded).data?.imageUrl).toBe(uploaded);
    expect(image('//evil.example.com/x.png').success).toBe(false);
    expect(image('/images/../secret').success).toBe(false);
    expect(image('javascript:alert(1)').success).toBe(false);
    expect(image('/x.png?a=<b>').success).toBe(false);
  });

  it('reports one clear message per field', () => {
    const result = eventCreateInput.safeParse({
      ...valid,
      title: '',
      startLocal: '2099-07-04T18:00',
      endLocal: '2099-07-04T10:00',
    });
    const messages = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      title: 'Enter the title.',
      endLocal: 'The event must end after it starts.',
    });
  });
});

describe('eventListInput near me', () => {
  it('takes a point and refuses one off the globe', () => {
    expect(eventListInput.parse({ near: { latitude: 40.3, longitude: -111.7 } }).near).toEqual({
      latitude: 40.3,
      longitude: -111.7,
    });
    expect(eventListInput.safeParse({ near: { latitude: 95, longitude: 0 } }).success).toBe(false);
    expect(eventListInput.safeParse({ near: { latitude: 40 } }).success).toBe(false);
  });
});

describe('eventCreateInput with missing fields', () => {
  it('reports them instead of throwing', () => {
    const result = eventCreateInput.safeParse({ title: 'Only a title' });
    expect(result.success).toBe(false);
    const fields = new Set(result.error!.issues.map((issue) => issue.path.join('.')));
    expect(fields).toEqual(
      new Set([
        'venueName',
        'street',
        'city',
        'region',
        'postalCode',
        'country',
        'latitude',
        'longitude',
        'timeZone',
        'startLocal',
        'endLocal',
        'expectedAttendance',
      ]),
    );
  });
});

describe('dates a search or a filter takes', () => {
  it('refuses years the database cannot store (there is no year 0) with a clear message', () => {
    const result = eventListInput.safeParse({ from: '0000-01-01' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(YEARS_MESSAGE);
    expect(eventListInput.parse({ from: '2027-07-04' }).from).toBe('2027-07-04');
    expect(adminAuditInput.safeParse({ to: '0000-12-31T00:00:00Z' }).success).toBe(false);
    expect(adminAuditInput.parse({ to: '2027-01-01T00:00:00Z' }).to).toBe('2027-01-01T00:00:00Z');
  });
});
