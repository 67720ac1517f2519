/**
 * Wall-clock times in an event's own time zone, as typed into `<input type="datetime-local">`
 * ("2026-07-04T19:30"). Browser-safe (Intl only), so forms and servers convert alike.
 */

import { dateTimeFormat } from './intl';

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

function partsIn(instant: Date, timeZone: string) {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
  };
}

/** The zone's offset from UTC at `instant`, in milliseconds (Denver in summer: -6 h). */
function offsetAt(instant: Date, timeZone: string): number {
  const p = partsIn(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return asUtc - Math.floor(instant.getTime() / 60_000) * 60_000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant as the zone's wall clock: "2026-07-04T19:30". */
export function toZonedInput(iso: string | Date, timeZone: string): string {
  const p = partsIn(new Date(iso), timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * The instant a wall-clock time in `timeZone` stands for, as an ISO string; null when `local`
 * is not a "YYYY-MM-DDTHH:mm" time. A time skipped by a daylight-saving jump moves forward.
 */
export function fromZonedInput(local: string, timeZone: string): string | null {
  const match = LOCAL_PATTERN.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(wall) || new Date(wall).getUTCDate() !== d) return null;
  let instant = wall - offsetAt(new Date(wall), timeZone);
  const second = wall - offsetAt(new Date(instant), timeZone);
  if (second !== instant) instant = Math.max(instant, second);
  return new Date(instant).toISOString();
}
