import { z } from './z';

/** True when `value` is an IANA time zone this runtime knows, such as "America/Denver". */
export function isValidTimeZone(value: string): boolean {
  if (!value.includes('/') && value !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string()
  .trim()
  .max(64)
  .refine(isValidTimeZone, { message: 'Choose a valid time zone, such as America/Denver.' });

/** A wall-clock time as typed into a datetime-local input: 2027-07-04T19:30 (seconds optional). */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** True when `value` is a real calendar date and time in the datetime-local format. */
export function isLocalDateTime(value: string): boolean {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return false;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  if (s! > 59) return false;
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo! - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi
  );
}

/** Minutes `timeZone` is ahead of UTC at `instant` (negative in the Americas). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant at which the wall clock in `timeZone` shows `local` (2027-07-04T19:30). Uses the
 * zone's offset at that moment, so daylight saving is handled; a time skipped by a spring-forward
 * change lands just after the change.
 */
export function localDateTimeToInstant(local: string, timeZone: string): Date {
  const asIfUtc = new Date(`${local.length === 16 ? `${local}:00` : local}Z`);
  // Two passes settle the offset even when the guess lands on the other side of a DST change.
  let instant = asIfUtc;
  for (let i = 0; i < 2; i += 1) {
    instant = new Date(asIfUtc.getTime() - offsetMinutes(instant, timeZone) * 60_000);
  }
  return instant;
}

/** The wall-clock time of `instant` in `timeZone`, as a datetime-local value: 2027-07-04T19:30. */
export function instantToLocalDateTime(instant: Date | string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}
