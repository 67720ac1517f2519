import { appServers, type Database } from '@parkside/db';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** How often a server says it is alive (the System page lists those seen in the last minute). */
export const HEARTBEAT_EVERY_MS = 15_000;

/**
 * Beats into `app_servers` until stopped (decision 039); stopping removes this server's row. A
 * beat that fails (the database is away a moment) is simply tried again at the next one.
 */
export async function startHeartbeat(db: Database, version: string, everyMs = HEARTBEAT_EVERY_MS) {
  const id = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const beat = () =>
    db
      .insert(appServers)
      .values({ id, host: hostname(), pid: process.pid, version })
      .onConflictDoUpdate({ target: appServers.id, set: { seenAt: new Date() } });
  await beat().catch(() => {});
  const timer = setInterval(() => void beat().catch(() => {}), everyMs);
  timer.unref();
  return {
    id,
    async stop() {
      clearInterval(timer);
      await db
        .delete(appServers)
        .where(eq(appServers.id, id))
        .catch(() => {});
    },
  };
}
