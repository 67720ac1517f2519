import { createRateLimits, type SessionUser } from '@parkside/core';
import { createTestDatabase } from '@parkside/db/testing';
import { passKey } from './modules/pass/pass.service';
import { insertUsers } from './test-users';

/**
 * For game-day tests: a fresh database holding `people`, the key that signs its check-in codes,
 * and the rate limits a check-in counts wrong gate codes with.
 */
export async function gameDayDatabase(...people: SessionUser[]) {
  const handle = await createTestDatabase();
  await insertUsers(handle.db, ...people);
  return { handle, key: await passKey(handle.db), limits: createRateLimits(handle.db) };
}
