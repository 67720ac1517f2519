import type { DatabaseHandle } from '@parkside/db';
import { KeptUntilChanged, type KeeperOptions, type KeptEntry } from './kept-until-changed';

/** Sent by PostgreSQL when what a session stands for changed (migration 0028). */
// Fed by the triggers `sessions_session_changed_*`, `password_accounts_session_changed_*`,
// `users_session_changed_*` and `admins_session_changed` (docs/architecture.md).
export const SESSION_CHANNEL = 'session_changed';

export type SessionKeeperOptions = KeeperOptions;

interface Entry<T> extends KeptEntry {
  value: T;
}

/**
 * The sessions one app server checked a moment ago (decision 044), so a signed-in page costs no
 * round trip to PostgreSQL while nothing about its session changed. Kept while this server
 * listens on `session_changed` (a session ended or moved, a user or password account changed, or
 * the admins changed, drop the user's sessions or all of them), for `maxAgeMs` at most and never
 * past the session's expiry; see `KeptUntilChanged` for the rest.
 */
export class SessionKeeper<T extends { userId: string; expiresAt: Date }> extends KeptUntilChanged<
  Entry<T>
> {
  /** The session kept under `id`, while it may still be trusted. */
  get(id: string): T | null {
    return this.usable(id)?.value ?? null;
  }

  /** Keeps a session found by a lookup that started at `mark`, unless something changed since. */
  keep(id: string, value: T, mark: number, startedAt = this.now()): void {
    const usableUntil = Math.min(startedAt + this.maxAgeMs, value.expiresAt.getTime());
    this.keepEntry(id, { ownerId: value.userId, value, usableUntil }, mark);
  }

  /** A session ended here: it goes at once, before the notification comes back. */
  forget(id: string): void {
    this.generation += 1;
    this.entries.delete(id);
  }

  /** Listens on `session_changed`; resolves, once listening, to a function that stops. */
  listen(database: Pick<DatabaseHandle, 'listen'>): Promise<() => Promise<void>> {
    return this.listenOn(database, SESSION_CHANNEL);
  }
}
