import {
  createRateLimiters,
  type Database,
  type RateLimiters,
  type RateLimitRule,
} from '@parkside/db';

/**
 * The named limits: how many attempts, per what, for how long. Product rules, so they live here
 * above the database package, which only keeps the counts (in PostgreSQL, across servers).
 */
export const RATE_LIMITS = {
  /** Failed sign-ins per e-mail: the 11th attempt within 15 minutes is refused. */
  loginFailures: { points: 10, duration: 15 * 60 },
  /**
   * Failed sign-ins per client address, whatever the e-mail: past 20 within 15 minutes, a failure
   * answers 429 instead of saying whether the e-mail has an account. A right password still
   * signs in, so people behind one shared address are not locked out by someone else.
   */
  loginFailuresByClient: { points: 20, duration: 15 * 60 },
  /** Sign-ups per client address (SIGNUP_LIMIT_PER_HOUR overrides the count). */
  signup: { points: 20, duration: 60 * 60 },
  /** Password-reset e-mails per address and per client. */
  passwordReset: { points: 5, duration: 60 * 60 },
  /** Verification e-mails per user. */
  verificationResend: { points: 3, duration: 15 * 60 },
  /** Wrong verification codes per user: the 6th within 15 minutes is refused. */
  verificationCodeFailures: { points: 5, duration: 15 * 60 },
  /**
   * Wrong pass codes a host types or scans (decision 064): the 11th within 15 minutes is refused,
   * so six characters cannot be guessed by trying them all. Checking in by plate still works.
   */
  gateCodeFailures: { points: 10, duration: 15 * 60 },
  /** Feedback messages per user or client address. */
  feedback: { points: 5, duration: 10 * 60 },
  /** Events registered per user in a day (admins are not limited). */
  eventCreate: { points: 20, duration: 24 * 60 * 60 },
  /** Messages a user sends a minute, across every conversation. */
  messageSend: { points: 20, duration: 60 },
  /** Address lookups a user makes a minute (suggestions while typing are debounced). */
  geocode: { points: 60, duration: 60 },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;
export type RateLimits = RateLimiters<RateLimitName>;

/** The named limits on `db`; `overrides` changes how many attempts a limit allows. */
export function createRateLimits(
  db: Database,
  overrides: Partial<Record<RateLimitName, number>> = {},
): RateLimits {
  return createRateLimiters(db, RATE_LIMITS, overrides);
}
