import { appSecrets, type Database } from '@parkside/db';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';

const kept = new WeakMap<Database, Map<string, Promise<string>>>();

/**
 * A server key: the configured value when set; otherwise one made at random the first time any
 * server needs it and kept in `app_secrets` under `name`, so every server and restart agrees.
 */
export function keptSecret(
  db: Database,
  name: string,
  configured?: string | null,
): Promise<string> {
  if (configured) return Promise.resolve(configured);
  let byName = kept.get(db);
  if (!byName) kept.set(db, (byName = new Map()));
  let key = byName.get(name);
  if (!key) {
    key = (async () => {
      await db
        .insert(appSecrets)
        .values({ name, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db
        .select({ value: appSecrets.value })
        .from(appSecrets)
        .where(eq(appSecrets.name, name));
      return row!.value;
    })();
    key.catch(() => byName.delete(name));
    byName.set(name, key);
  }
  return key;
}
