import { fromZonedInput } from '@parkside/validators';

/**
 * The UTC instant at which the wall clock in `timeZone` shows `date` (YYYY-MM-DD) and `time`
 * (HH:MM), daylight saving included: the same conversion the event form uses.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const instant = fromZonedInput(`${date}T${time}`, timeZone);
  if (!instant) throw new Error(`Not a wall-clock time: ${date} ${time}`);
  return new Date(instant);
}

/** The calendar day `days` after `from`, as YYYY-MM-DD, counted in `timeZone`. */
export function addDays(from: Date, days: number, timeZone: string): string {
  const local = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(from);
  const day = new Date(`${local}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The next `month`/`day` on or after `from` in `timeZone`, as YYYY-MM-DD. */
export function nextAnnual(from: Date, month: number, day: number, timeZone: string): string {
  const today = addDays(from, 0, timeZone);
  const year = Number(today.slice(0, 4));
  const candidate = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return candidate > today ? candidate : `${year + 1}${candidate.slice(4)}`;
}
