/**
 * An iCalendar file (RFC 5545) for a booking: the parking window in the event's time zone, with
 * that zone written out as a VTIMEZONE (its offsets and changes around the event, read from the
 * platform's time-zone data), the address, the access instructions and a link to the pass.
 */

export interface CalendarPass {
  bookingId: string;
  status: 'confirmed' | 'cancelled';
  eventTitle: string;
  timeZone: string;
  availableFrom: string;
  availableTo: string;
  drivewayTitle: string;
  address: string;
  latitude: number;
  longitude: number;
  accessInstructions: string;
  licensePlate: string | null;
  passUrl: string;
}

const DAY = 86_400_000;

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's UTC offset at `at`, in minutes east of UTC. */
function offsetMinutes(timeZone: string, at: number): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(new Date(at)).find((p) => p.type === 'timeZoneName')!.value;
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

function abbreviation(timeZone: string, at: number): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(at))
    .find((p) => p.type === 'timeZoneName')!.value;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `19700308T020000`: the wall-clock time `at` shows at `offset` minutes. */
function localStamp(at: number, offset: number): string {
  const d = new Date(at + offset * 60_000);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

const utcStamp = (at: number) => `${localStamp(at, 0)}Z`;

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/** The instants the zone's offset changes between `from` and `to` (to the minute). */
function transitions(timeZone: string, from: number, to: number) {
  const found: { at: number; before: number; after: number }[] = [];
  let previous = offsetMinutes(timeZone, from);
  // A day at a time (zones change at most a few times a year), then to the minute.
  for (let t = from + DAY; t <= to; t += DAY) {
    const current = offsetMinutes(timeZone, t);
    if (current === previous) continue;
    let low = t - DAY;
    let high = t;
    while (high - low > 60_000) {
      const mid = low + Math.floor((high - low) / 2 / 60_000) * 60_000;
      if (offsetMinutes(timeZone, mid) === previous) low = mid;
      else high = mid;
    }
    found.push({ at: high, before: previous, after: current });
    previous = current;
  }
  return found;
}

/** VTIMEZONE for `timeZone`, covering a year either side of `around`. */
export function vtimezone(timeZone: string, around: number): string[] {
  const year = new Date(around).getUTCFullYear();
  const from = Date.UTC(year - 1, 0, 1);
  const to = Date.UTC(year + 1, 11, 31);
  const changes = transitions(timeZone, from, to);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  if (changes.length === 0) {
    const offset = offsetMinutes(timeZone, around);
    lines.push(
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      `TZOFFSETFROM:${offsetText(offset)}`,
      `TZOFFSETTO:${offsetText(offset)}`,
      `TZNAME:${abbreviation(timeZone, around)}`,
      'END:STANDARD',
    );
  } else {
    const standard = Math.min(...changes.map((c) => Math.min(c.before, c.after)));
    for (const change of changes) {
      const kind = change.after > standard ? 'DAYLIGHT' : 'STANDARD';
      lines.push(
        `BEGIN:${kind}`,
        // The local time in effect before the change.
        `DTSTART:${localStamp(change.at, change.before)}`,
        `TZOFFSETFROM:${offsetText(change.before)}`,
        `TZOFFSETTO:${offsetText(change.after)}`,
        `TZNAME:${abbreviation(timeZone, change.at)}`,
        `END:${kind}`,
      );
    }
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

/** TEXT values: backslash, semicolon, comma and newlines escaped. */
function text(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 §3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const width = Buffer.byteLength(char, 'utf8');
    if (size + width > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += width;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function passCalendar(pass: CalendarPass, now = new Date()): string {
  const start = Date.parse(pass.availableFrom);
  const end = Date.parse(pass.availableTo);
  const zone = pass.timeZone;
  const description = [
    pass.drivewayTitle,
    pass.accessInstructions ? `How to get in: ${pass.accessInstructions}` : '',
    pass.licensePlate ? `License plate: ${pass.licensePlate}` : '',
    `Your parking pass: ${pass.passUrl}`,
  ]
    .filter(Boolean)
    .join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Parkside//Parking pass//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...vtimezone(zone, start),
    'BEGIN:VEVENT',
    `UID:${pass.bookingId}@parkside`,
    `DTSTAMP:${utcStamp(now.getTime())}`,
    `DTSTART;TZID=${zone}:${localStamp(start, offsetMinutes(zone, start))}`,
    `DTEND;TZID=${zone}:${localStamp(end, offsetMinutes(zone, end))}`,
    `SUMMARY:${text(`Parking for ${pass.eventTitle}`)}`,
    `LOCATION:${text(pass.address)}`,
    `GEO:${pass.latitude.toFixed(6)};${pass.longitude.toFixed(6)}`,
    `DESCRIPTION:${text(description)}`,
    `URL:${pass.passUrl}`,
    `STATUS:${pass.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
