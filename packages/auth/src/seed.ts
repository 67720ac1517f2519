import { admins, passwordAccounts, users, type Database } from '@parkside/db';
import { eq } from 'drizzle-orm';
import { hashPassword } from './passwords';

/** Development demo accounts: a driver, a host and an admin, with passwords everyone knows. */
export const DEMO_ACCOUNTS = [
  {
    id: 'demo-driver',
    email: 'driver@example.com',
    name: 'Dana Driver',
    password: 'parkside-driver',
    isHost: false,
    admin: false,
  },
  {
    id: 'demo-host',
    email: 'host@example.com',
    name: 'Hayden Host',
    password: 'parkside-host',
    isHost: true,
    admin: false,
  },
  {
    id: 'demo-admin',
    email: 'admin@example.com',
    name: 'Avery Admin',
    password: 'parkside-admin',
    isHost: false,
    admin: true,
  },
] as const;

/**
 * Creates the demo accounts (verified e-mail) and lists the admin in `admins`. Idempotent: an
 * existing account keeps its data but gets the demo password back.
 */
export async function seedDemoAccounts(db: Database) {
  for (const account of DEMO_ACCOUNTS) {
    const passwordHash = await hashPassword(account.password);
    await db
      .insert(users)
      .values({
        id: account.id,
        email: account.email,
        name: account.name,
        isHost: account.isHost,
        emailVerified: true,
        termsAccepted: true,
        termsAcceptedAt: new Date(),
      })
      .onConflictDoNothing();
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, account.email));
    await db
      .insert(passwordAccounts)
      .values({ userId: user!.id, email: account.email, passwordHash, emailVerified: true })
      .onConflictDoUpdate({ target: passwordAccounts.userId, set: { passwordHash } });
    if (account.admin)
      await db.insert(admins).values({ email: account.email }).onConflictDoNothing();
  }
  return DEMO_ACCOUNTS.map(({ email, password, isHost, admin }) => ({
    email,
    password,
    role: admin ? 'admin' : isHost ? 'host' : 'driver',
  }));
}
