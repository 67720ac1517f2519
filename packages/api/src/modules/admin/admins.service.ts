import { AppError } from '@parkside/core';
import { admins, type Database } from '@parkside/db';
import { eq } from 'drizzle-orm';

export const ADMIN_MESSAGES = {
  notAdmin: 'That e-mail is not an admin.',
  lastAdmin: 'The last admin cannot be revoked: grant another admin first.',
} as const;

/**
 * Makes the e-mail an admin. It need not have an account yet: admins are kept by e-mail, so
 * whoever signs up with it is an admin. Rights are read per request, so the change shows on the
 * person's next one. `granted` is false when it already was an admin.
 */
export async function grantAdmin(db: Database, email: string) {
  const rows = await db
    .insert(admins)
    .values({ email })
    .onConflictDoNothing()
    .returning({ email: admins.email });
  return { email, granted: rows.length > 0 };
}

/** Takes an e-mail off the admins; never the last one (two revokes at once cannot race past). */
export async function revokeAdmin(db: Database, email: string) {
  return db.transaction(async (tx) => {
    // Locking every admin row makes concurrent revokes take turns on the count.
    const current = await tx.select({ email: admins.email }).from(admins).for('update');
    if (!current.some((row) => row.email === email)) {
      throw new AppError('NOT_FOUND', ADMIN_MESSAGES.notAdmin);
    }
    if (current.length === 1) throw new AppError('CONFLICT', ADMIN_MESSAGES.lastAdmin);
    await tx.delete(admins).where(eq(admins.email, email));
    return { email, revoked: true };
  });
}
