import { createHash } from 'node:crypto';
import { type Database } from './client';
import { rateLimits } from './schema';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';

/** How many attempts (`points`) a key may make in `duration` seconds. */
export interface RateLimitRule {
  points: number;
  duration: number;
}

/**
 * Limits kept in PostgreSQL (rate-limiter-flexible's Drizzle store), so they hold across every
 * app server on the same database. Keys are hashed: no e-mail or IP address is stored. Which
 * limits there are is a product rule, decided above this package (`RATE_LIMITS` in
 * @parkside/core); this package only keeps the counts.
 */
export interface RateLimiters<Name extends string> {
  /** Counts one attempt; returns the seconds to wait when over the limit, else null. */
  consume(name: Name, key: string): Promise<number | null>;
  /** Seconds to wait when the limit is already used up, else null; counts nothing. */
  check(name: Name, key: string): Promise<number | null>;
  reset(name: Name, key: string): Promise<void>;
}

export function createRateLimiters<Name extends string>(
  db: Database,
  rules: Record<Name, RateLimitRule>,
  overrides: Partial<Record<Name, number>> = {},
): RateLimiters<Name> {
  const names = Object.keys(rules) as Name[];
  const pointsOf = (name: Name) => overrides[name] ?? rules[name].points;
  const limiters = Object.fromEntries(
    names.map((name) => [
      name,
      new RateLimiterDrizzle({
        storeClient: db,
        schema: rateLimits,
        keyPrefix: name,
        points: pointsOf(name),
        duration: rules[name].duration,
      }),
    ]),
  ) as Record<Name, RateLimiterDrizzle>;
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
