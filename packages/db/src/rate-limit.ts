import { createHash } from 'node:crypto';
import { type Database } from './client';
import { rateLimits } from './schema';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Limits kept in PostgreSQL (rate-limiter-flexible's Drizzle store), so they hold across every
 * app server on the same database. Keys are hashed: no e-mail or IP address is stored.
 */
export const RATE_LIMITS = {
  /** Failed sign-ins per e-mail: the 11th attempt within 15 minutes is refused. */
  loginFailures: { points: 10, duration: 15 * 60 },
  /** Sign-ups per client address (SIGNUP_LIMIT_PER_HOUR overrides the count). */
  signup: { points: 20, duration: 60 * 60 },
  /** Password-reset e-mails per address and per client. */
  passwordReset: { points: 5, duration: 60 * 60 },
  /** Verification e-mails per user. */
  verificationResend: { points: 3, duration: 15 * 60 },
  /** Feedback messages per user or client address. */
  feedback: { points: 5, duration: 10 * 60 },
  /** Events registered per user in a day (admins are not limited). */
  eventCreate: { points: 20, duration: 24 * 60 * 60 },
  /** Messages a user sends a minute, across every conversation. */
  messageSend: { points: 20, duration: 60 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

export interface RateLimits {
  /** Counts one attempt; returns the seconds to wait when over the limit, else null. */
  consume(name: RateLimitName, key: string): Promise<number | null>;
  /** Seconds to wait when the limit is already used up, else null; counts nothing. */
  check(name: RateLimitName, key: string): Promise<number | null>;
  reset(name: RateLimitName, key: string): Promise<void>;
}

export function createRateLimits(
  db: Database,
  overrides: Partial<Record<RateLimitName, number>> = {},
): RateLimits {
  const pointsOf = (name: RateLimitName) => overrides[name] ?? RATE_LIMITS[name].points;
  const limiters = Object.fromEntries(
    (Object.keys(RATE_LIMITS) as RateLimitName[]).map((name) => [
      name,
      new RateLimiterDrizzle({
        storeClient: db,
        schema: rateLimits,
        keyPrefix: name,
        points: pointsOf(name),
        duration: RATE_LIMITS[name].duration,
      }),
    ]),
  ) as Record<RateLimitName, RateLimiterDrizzle>;
  const keyOf = (key: string) => createHash('sha256').update(key.toLowerCase()).digest('hex');

  return {
    async consume(name, key) {
      try {
        await limiters[name].consume(keyOf(key));
        return null;
      } catch (error) {
        if (error instanceof RateLimiterRes) return Math.ceil(error.msBeforeNext / 1000);
        throw error;
      }
    },
    async check(name, key) {
      const res = await limiters[name].get(keyOf(key));
      if (res && res.consumedPoints >= pointsOf(name)) {
        return Math.ceil(res.msBeforeNext / 1000);
      }
      return null;
    },
    async reset(name, key) {
      await limiters[name].delete(keyOf(key));
    },
  };
}

/** "15 minutes", "1 minute", "30 seconds": for messages. */
export function describeWait(seconds: number): string {
  if (seconds >= 90) {
    const minutes = Math.ceil(seconds / 60);
    return `${minutes} minutes`;
  }
  if (seconds > 59) return '1 minute';
  return `${Math.max(seconds, 1)} seconds`;
}
