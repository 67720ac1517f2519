import { users, type Database } from '@parkside/db';
import type { ProfileInput } from '@parkside/validators';
import { eq } from 'drizzle-orm';
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
