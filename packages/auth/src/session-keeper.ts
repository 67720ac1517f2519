import type { DatabaseHandle } from '@parkside/db';

/** Sent by PostgreSQL when what a session stands for changed (migration 0028). */
// Fed by the triggers `sessions_session_changed_*`, `password_accounts_session_changed_*`,
// `users_session_changed_*` and `admins_session_changed` (docs/architecture.md).
export const SESSION_CHANNEL = 'session_changed';

export interface SessionKeeperOptions {
  /** How long a checked session is trusted without asking again. */
  maxAgeMs?: number;
  /** The most sessions kept. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry<T> {
  userId: string;
  value: T;
  usableUntil: number;
}

/**
 * The sessions one app server checked a moment ago (decision 044), so a signed-in page costs no
 * round trip to PostgreSQL while nothing about its session changed.
 *
 * - Kept only while this server listens on `session_changed`: a session ended or moved, a user
 *   or password account changed, or the admins changed, drops the user's sessions (or all of
 *   them) on every server as the change commits. Without listening nothing is kept.
 * - Kept for `maxAgeMs` at most (a listening connection that died without a word), never past
 *   the session's expiry.
 * - A lookup that overlapped a change heard is not kept (`generation`).
 */
export class SessionKeeper<T extends { userId: string; expiresAt: Date }> {
  private readonly entries = new Map<string, Entry<T>>();
  private listening = false;
  /** Bumped by every change heard. */
  private generation = 0;
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor({
    maxAgeMs = 5_000,
    maxEntries = 10_000,
    now = Date.now,
  }: SessionKeeperOptions = {}) {
    this.maxAgeMs = maxAgeMs;
    this.maxEntries = maxEntries;
    this.now = now;
  }

  /** The session kept under `id`, while it may still be trusted. */
  get(id: string): T | null {
    const kept = this.entries.get(id);
    if (!kept) return null;
    if (this.now() < kept.usableUntil) return kept.value;
    this.entries.delete(id);
    return null;
  }

  /** Where a lookup starts: pass it to `keep` with what the lookup found. */
  mark(): number {
    return this.generation;
  }

  /** Keeps a session found by a lookup that started at `mark`, unless something changed since. */
  keep(id: string, value: T, mark: number, startedAt = this.now()): void {
    if (!this.listening || mark !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(id, {
      userId: value.userId,
      value,
      usableUntil: Math.min(startedAt + this.maxAgeMs, value.expiresAt.getTime()),
    });
  }

  /** A session ended here: it goes at once, before the notification comes back. */
  forget(id: string): void {
    this.generation += 1;
    this.entries.delete(id);
  }

  /** A user changed (`userId`), or everyone may have (`*`). */
  changed(userId: string): void {
    this.generation += 1;
    if (userId === '*') {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of this.entries) {
      if (entry.userId === userId) this.entries.delete(key);
    }
  }

  /** Listens on `session_changed`; resolves, once listening, to a function that stops. */
  async listen(database: Pick<DatabaseHandle, 'listen'>): Promise<() => Promise<void>> {
    const stop = await database.listen(
      SESSION_CHANNEL,
      (userId) => this.changed(userId),
      () => {
        // Started, or started again: whatever changed while it was down is unknown.
        this.changed('*');
        this.listening = true;
      },
    );
    return async () => {
      this.listening = false;
      this.changed('*');
      await stop();
    };
  }

  /** How many sessions are kept (tests and diagnostics). */
  get size(): number {
    return this.entries.size;
  }
}
