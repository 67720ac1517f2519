/** Choices for the event form, computed on the server so the browser bundle stays small. */
import { isCountryCode } from '@parkside/validators';

export interface Option {
  value: string;
  label: string;
}

/** The zones most of our events are in, offered first. */
const COMMON_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
];

function zoneLabel(zone: string, now: Date): string {
  const offset =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(now)
      .find((part) => part.type === 'timeZoneName')?.value ?? '';
  return `${zone.replace(/_/g, ' ')} (${offset})`;
}

export function timeZoneOptions(now = new Date()): { common: Option[]; all: Option[] } {
  const all = Intl.supportedValuesOf('timeZone');
  const option = (zone: string) => ({ value: zone, label: zoneLabel(zone, now) });
  return {
    common: COMMON_ZONES.filter((zone) => all.includes(zone)).map(option),
    all: all.map(option),
  };
}

let countries: Option[] | undefined;

/** Every ISO 3166 region this runtime can name, by name, United States first. */
export function countryOptions(): Option[] {
  if (countries) return countries;
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const list: Option[] = [];
  for (const a of letters) {
    for (const b of letters) {
      const code = `${a}${b}`;
      if (isCountryCode(code)) list.push({ value: code, label: names.of(code) ?? code });
    }
  }
  list.sort((x, y) => x.label.localeCompare(y.label, 'en'));
  const us = list.findIndex((option) => option.value === 'US');
  if (us > 0) list.unshift(...list.splice(us, 1));
  countries = list;
  return list;
}
