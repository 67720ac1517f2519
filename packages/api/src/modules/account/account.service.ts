import { oauthAccounts, passwordAccounts, users, type Database } from '@parkside/db';
import type { ProfileInput } from '@parkside/validators';
import { asc, eq } from 'drizzle-orm';
import type { SessionUser } from '@parkside/core';

/** The signed-in user as the pages see them (no credentials, ever). */
export function toAccount(user: SessionUser) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    isHost: user.isHost,
    isAdmin: user.isAdmin,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
    termsAccepted: user.termsAccepted,
    termsAcceptedAt: user.termsAcceptedAt?.toISOString() ?? null,
    phoneNumber: user.phoneNumber,
    profileImageUrl: user.profileImageUrl,
    address: user.address,
  };
}

export type Account = ReturnType<typeof toAccount>;

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

/** Name, phone and address; an emptied optional field is cleared. */
export async function updateProfile(db: Database, userId: string, input: ProfileInput) {
  const [row] = await db
    .update(users)
    .set({
      name: input.name,
      phoneNumber: input.phoneNumber ?? null,
      address: input.address ?? null,
    })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

export async function becomeHost(db: Database, userId: string) {
  await db.update(users).set({ isHost: true }).where(eq(users.id, userId));
}
