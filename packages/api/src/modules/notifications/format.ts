import { dateTimeFormat } from '@parkside/validators';

/** "Sat, Jul 4, 7:00 PM MDT": an instant in the event's own zone. */
export function formatInZone(date: Date, timeZone: string): string {
  return dateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

/** "Sat, Jul 4, 6:00 PM – 11:00 PM MDT", or both dates when the window spans days. */
export function formatWindow(from: Date, to: Date, timeZone: string): string {
  const day = (d: Date) => dateTimeFormat('en-US', { timeZone, dateStyle: 'medium' }).format(d);
  if (day(from) === day(to)) {
    const time = dateTimeFormat('en-US', {
      timeZone,
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    const start = formatInZone(from, timeZone).replace(/\s\S+$/, '');
    return `${start} – ${time.format(to)}`;
  }
  return `${formatInZone(from, timeZone)} – ${formatInZone(to, timeZone)}`;
}
