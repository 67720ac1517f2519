/**
 * The booking's calendar file, read back with ical.js (a full RFC 5545 parser): the window in the
 * event's own zone, with that zone's rules written in the file, the address, and the pass link.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { passCalendar, type CalendarPass } from './ics';

const pass: CalendarPass = {
  bookingId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  status: 'confirmed',
  eventTitle: 'BYU Cougars vs. Utah Utes; a rivalry, at last',
  timeZone: 'America/Denver',
  // 18:30 to 00:00 local (MST, UTC-7) in November.
  availableFrom: '2026-11-29T01:30:00.000Z',
  availableTo: '2026-11-29T07:00:00.000Z',
  drivewayTitle: 'Wide driveway on Oak Lane',
  address: '1620 N Oak Ln, Provo, UT 84604',
  latitude: 40.2605,
  longitude: -111.6505,
  accessInstructions: 'Enter from Oak Lane; park two by two, and leave the mailbox clear.',
  licensePlate: '7KDW 219',
  passUrl: 'https://parkside.example/bookings/0f8fad5b-d9cb-469f-a165-70867728950e/pass',
};

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zone = calendar.getFirstSubcomponent('vtimezone')!;
  ICAL.TimezoneService.register(zone);
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return { calendar, zone, event };
}

describe('the calendar file', () => {
  it('parses, with the window in the event’s zone and the right instants', () => {
    const text = passCalendar(pass, new Date('2026-11-25T12:00:00Z'));
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const { calendar, event } = parse(text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(event.component.getFirstProperty('dtstart')!.getParameter('tzid')).toBe(
      'America/Denver',
    );
    expect(event.startDate.zone.tzid).toBe('America/Denver');
    expect(event.startDate.toString()).toBe('2026-11-28T18:30:00');
    expect(event.startDate.toJSDate().toISOString()).toBe(pass.availableFrom);
    expect(event.endDate.toJSDate().toISOString()).toBe(pass.availableTo);
    expect(event.summary).toBe('Parking for BYU Cougars vs. Utah Utes; a rivalry, at last');
    expect(event.location).toBe(pass.address);
    expect(event.description).toContain('How to get in: Enter from Oak Lane; park two by two');
    expect(event.description).toContain(pass.passUrl);
    expect(event.uid).toBe(`${pass.bookingId}@parkside`);
  });

  it('carries the zone’s daylight-saving rules, so a summer event lands right too', () => {
    const summer = {
      ...pass,
      timeZone: 'America/Los_Angeles',
      availableFrom: '2026-07-04T16:00:00.000Z', // 9:00 PDT
      availableTo: '2026-07-04T23:00:00.000Z',
    };
    const { zone, event } = parse(passCalendar(summer));
    expect(zone.getFirstPropertyValue('tzid')).toBe('America/Los_Angeles');
    expect(zone.getAllSubcomponents('daylight').length).toBeGreaterThan(0);
    expect(event.startDate.toString()).toBe('2026-07-04T09:00:00');
    expect(event.startDate.toJSDate().toISOString()).toBe(summer.availableFrom);
  });

  it('marks a cancelled booking', () => {
    const { event } = parse(passCalendar({ ...pass, status: 'cancelled' }));
    expect(event.component.getFirstPropertyValue('status')).toBe('CANCELLED');
  });
});
