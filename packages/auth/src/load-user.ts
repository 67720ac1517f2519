import type { SessionUser } from '@parkside/core';
import { admins, passwordAccounts, users, type Database } from '@parkside/db';
import { eq, sql } from 'drizzle-orm';

/** The customer's rule: a missing user is read again up to 5 times, 200 ms apart. */
export const USER_READ_ATTEMPTS = 5;
export const USER_READ_RETRY_DELAY_MS = 200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads the user for a session or a sign-in: retries while the row is missing (a sign-up may
 * still be writing it), syncs the stored emailVerified with the account's own value when they
 * differ, and derives isAdmin from `admins`. Null when the user never appears.
 */
export async function loadUser(db: Database, userId: string): Promise<SessionUser | null> {
  for (let attempt = 1; attempt <= USER_READ_ATTEMPTS; attempt += 1) {
    const [row] = await db
      .select({
        user: users,
        accountVerified: passwordAccounts.emailVerified,
        isAdmin: sql<boolean>`exists (select 1 from ${admins} where ${admins.email} = ${users.email})`,
      })
      .from(users)
      .leftJoin(passwordAccounts, eq(passwordAccounts.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    if (row) {
      const user = { ...row.user, isAdmin: Boolean(row.isAdmin) };
      if (row.accountVerified !== null && row.accountVerified !== user.emailVerified) {
        await db
          .update(users)
          .set({ emailVerified: row.accountVerified })
          .where(eq(users.id, userId));
        user.emailVerified = row.accountVerified;
      }
      return user;
    }
    if (attempt < USER_READ_ATTEMPTS) await sleep(USER_READ_RETRY_DELAY_MS);
  }
  return null;
}
