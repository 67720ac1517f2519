/**
 * The UTC instant at which the wall clock in `timeZone` shows `date` (YYYY-MM-DD) and `time`
 * (HH:MM). Uses the zone's offset at that moment, so daylight saving is handled.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const asIfUtc = new Date(`${date}T${time}:00Z`);
  // Two passes settle the offset even when the guess lands on the other side of a DST change.
  let instant = asIfUtc;
  for (let i = 0; i < 2; i += 1) {
    instant = new Date(asIfUtc.getTime() - offsetMinutes(instant, timeZone) * 60_000);
  }
  return instant;
}

/** Minutes the zone is ahead of UTC at `instant` (negative in the Americas). */
export function offsetMinutes(instant: Date, timeZone: string): number {
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
