import type { SessionUser } from '@parkside/core';
import { admins, passwordAccounts, users, type Database } from '@parkside/db';
import { eq, sql } from 'drizzle-orm';

/** The customer's rule: a missing user is read again up to 5 times, 200 ms apart. */
export const USER_READ_ATTEMPTS = 5;
export const USER_READ_RETRY_DELAY_MS = 200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What is read of a user for a session or a sign-in, joined to `passwordAccounts` (left): the
 * row, the account's own verified flag and whether the e-mail is in `admins`. The session read
 * selects the same, so a signed-in request reads its session and user in one statement.
 */
export const userReadColumns = {
  user: users,
  accountVerified: passwordAccounts.emailVerified,
  isAdmin: sql<boolean>`exists (select 1 from ${admins} where ${admins.email} = ${users.email})`,
};

export interface UserRead {
  user: typeof users.$inferSelect;
  accountVerified: boolean | null;
  isAdmin: boolean;
}

/**
 * The session user from what `userReadColumns` read: isAdmin from `admins`, and the stored
 * emailVerified brought in line with the account's own value when they differ (written once).
 */
export async function settleUser(db: Database, row: UserRead): Promise<SessionUser> {
  const user = { ...row.user, isAdmin: Boolean(row.isAdmin) };
  if (row.accountVerified !== null && row.accountVerified !== user.emailVerified) {
    await db.update(users).set({ emailVerified: row.accountVerified }).where(eq(users.id, user.id));
    user.emailVerified = row.accountVerified;
  }
  return user;
}

/**
 * Reads the user for a sign-in (or a session whose user was not there yet): retries while the row
 * is missing (a sign-up may still be writing it). Null when the user never appears.
 */
export async function loadUser(db: Database, userId: string): Promise<SessionUser | null> {
  for (let attempt = 1; attempt <= USER_READ_ATTEMPTS; attempt += 1) {
    const [row] = await db
      .select(userReadColumns)
      .from(users)
      .leftJoin(passwordAccounts, eq(passwordAccounts.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    if (row) return settleUser(db, row);
    if (attempt < USER_READ_ATTEMPTS) await sleep(USER_READ_RETRY_DELAY_MS);
  }
  return null;
}
