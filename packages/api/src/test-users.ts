import { adminAudit, users, type Database } from '@parkside/db';
import type { SQL } from 'drizzle-orm';
import type { SessionUser } from '@parkside/core';

/** A signed-in user for API tests: verified, not a host, not an admin, unless overridden. */
export function testUser(id: string, overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id,
    email: `${id}@example.com`,
    name: id,
    isHost: false,
    emailVerified: true,
    createdAt: new Date(),
    termsAccepted: true,
    termsAcceptedAt: null,
    phoneNumber: null,
    profileImageUrl: null,
    address: null,
    isAdmin: false,
    ...overrides,
  };
}

/** Stores the users (isAdmin is derived, never stored). */
export async function insertUsers(db: Database, ...people: SessionUser[]) {
  await db
    .insert(users)
    .values(people.map(({ isAdmin: _isAdmin, ...row }) => row))
    .onConflictDoNothing();
}

/** The admin audit's rows that match `where` (by whom, on what). */
export function auditRows(db: Database, where: SQL | undefined) {
  return db.select().from(adminAudit).where(where);
}
