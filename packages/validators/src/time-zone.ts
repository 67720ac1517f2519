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
