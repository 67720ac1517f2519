/**
 * A signed-in driver for the throughput figures: a verified account made for the run, and a
 * session created the way signing in creates one. Returns the Cookie header a browser would send.
 */
import { createSessionStore, SESSION_COOKIE_NAME } from '@parkside/auth';
import { users, type Database } from '@parkside/db';

export const BENCH_DRIVER_NAME = 'Bench Driver';

export async function benchSessionCookie(db: Database): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({
      id: 'bench-driver',
      email: 'bench-driver@example.com',
      name: BENCH_DRIVER_NAME,
      emailVerified: true,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  const { token } = await createSessionStore(db, { secure: false }).create(
    user?.id ?? 'bench-driver',
  );
  return `${SESSION_COOKIE_NAME}=${token}`;
}
