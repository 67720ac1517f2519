/** Formats event instants in the event's own time zone, the same on the server and in the browser. */

import { dateTimeFormat } from '@parkside/validators';

const DATE_OPTIONS: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
};
const TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

function formatter(kind: 'date' | 'time', timeZone: string): Intl.DateTimeFormat {
  return dateTimeFormat('en-US', { timeZone, ...(kind === 'date' ? DATE_OPTIONS : TIME_OPTIONS) });
}

/**
 * Formatted instants, kept: formatting still costs microseconds, and the listings of an event
 * mostly share a few windows, so a page formats the same instants again and again. Bounded, so
 * a long-running server does not keep every instant it ever showed.
 */
const formatted = new Map<string, string>();
const MAX_FORMATTED = 5_000;

function format(kind: 'date' | 'time', iso: string, timeZone: string): string {
  const key = `${kind} ${timeZone} ${iso}`;
  let text = formatted.get(key);
  if (text === undefined) {
    text = formatter(kind, timeZone).format(new Date(iso));
    if (formatted.size >= MAX_FORMATTED) formatted.clear();
    formatted.set(key, text);
  }
  return text;
}

export function formatEventDate(iso: string, timeZone: string): string {
  return format('date', iso, timeZone);
}

export function formatEventTime(iso: string, timeZone: string): string {
  return format('time', iso, timeZone);
}

/** "Sat, Nov 28, 2026 · 1:30 PM MST" */
export function formatEventStart(iso: string, timeZone: string): string {
  return `${formatEventDate(iso, timeZone)} · ${formatEventTime(iso, timeZone)}`;
}

/**
 * The start of a parking window shown beside its event's date: its time, and its own date too
 * when it opens on another day in the event's zone ("10:30 PM MST on Thu, Nov 26, 2026"), so a
 * window opening the evening before an after-midnight event never reads as that night.
 */
export function formatWindowStart(fromIso: string, eventIso: string, timeZone: string): string {
  const time = formatEventTime(fromIso, timeZone);
  if (formatEventDate(fromIso, timeZone) === formatEventDate(eventIso, timeZone)) return time;
  return `${time} on ${formatEventDate(fromIso, timeZone)}`;
}

/**
 * The end of a parking window: its time, and its date too when it falls on a later day than the
 * start in the event's zone ("12:45 AM MST on Sun, Jan 5, 2027"), so a window past midnight never
 * reads as ending before it starts.
 */
export function formatWindowEnd(fromIso: string, toIso: string, timeZone: string): string {
  const time = formatEventTime(toIso, timeZone);
  if (formatEventDate(fromIso, timeZone) === formatEventDate(toIso, timeZone)) return time;
  return `${time} on ${formatEventDate(toIso, timeZone)}`;
}
