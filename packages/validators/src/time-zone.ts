import { z } from './z';
import { fromZonedInput, toZonedInput } from './zoned-time';

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

/**
 * The instant at which the wall clock in `timeZone` shows `local` (2027-07-04T19:30, seconds
 * optional). Daylight saving is handled; a time skipped by a spring-forward change lands just
 * after the change. One conversion serves every form: see `zoned-time.ts`.
 */
export function localDateTimeToInstant(local: string, timeZone: string): Date {
  const iso = fromZonedInput(local.slice(0, 16), timeZone);
  const seconds = Number(local.slice(17, 19) || 0);
  return iso ? new Date(new Date(iso).getTime() + seconds * 1000) : new Date(Number.NaN);
}

/** The wall-clock time of `instant` in `timeZone`, as a datetime-local value: 2027-07-04T19:30. */
export function instantToLocalDateTime(instant: Date | string, timeZone: string): string {
  return toZonedInput(instant, timeZone);
}
