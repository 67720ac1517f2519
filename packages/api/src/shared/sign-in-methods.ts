import { oauthAccounts, passwordAccounts, type Database } from '@parkside/db';
import { asc, eq } from 'drizzle-orm';

/** How the user can sign in: a password and/or linked social logins. */
export async function getSignInMethods(db: Database, userId: string) {
  const [password] = await db
    .select({ userId: passwordAccounts.userId })
    .from(passwordAccounts)
    .where(eq(passwordAccounts.userId, userId))
    .limit(1);
  const logins = await db
    .select({
      provider: oauthAccounts.provider,
      email: oauthAccounts.email,
      linkedAt: oauthAccounts.createdAt,
    })
    .from(oauthAccounts)
    .where(eq(oauthAccounts.userId, userId))
    .orderBy(asc(oauthAccounts.createdAt));
  return {
    hasPassword: Boolean(password),
    logins: logins.map((l) => ({ ...l, linkedAt: l.linkedAt.toISOString() })),
  };
}
