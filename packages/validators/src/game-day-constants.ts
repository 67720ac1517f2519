/**
 * Game day's constants and code helpers: reviews, the gate code, "I can't park here". No zod
 * here (decision 003): My Bookings, the pass and the host's phone import these without the
 * schemas, which would add zod to their pages' scripts.
 */
export const REVIEW_BODY_MAX = 1000;

/**
 * The gate code a driver reads to the host (decision 064): 6 characters from an alphabet without
 * look-alikes (no 0/O, 1/I/L). PostgreSQL makes them (`new_gate_code()`, migration 0032).
 */
export const GATE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const GATE_CODE = /^[2-9A-HJKMNP-Z]{6}$/;

/** Whether a normalized code (see `normalizeCheckInCode`) has the shape of a gate code. */
export const isGateCode = (normalized: string) => GATE_CODE.test(normalized);

/** "K7F3QX" as it is read aloud and printed: "K7F 3QX". */
export const spacedGateCode = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;

/**
 * A pass code as people type it: any case, spaces and dashes, O for 0 and I or L for 1. Shared by
 * the server and the host's phone, which matches typed codes to its saved arrivals offline.
 */
export function normalizeCheckInCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** What a driver can report at the driveway ("I can't park here"), as the page asks it. */
export const PARKING_PROBLEMS = {
  blocked: 'The space is blocked',
  no_space: 'There is no space left',
  cant_find: "I can't find the driveway",
  unsafe: 'It does not feel safe',
} as const;
export type ParkingProblem = keyof typeof PARKING_PROBLEMS;
export const PARKING_REPORT_NOTE_MAX = 500;
export const PARKING_REPORT_REPLY_MAX = 1000;
