import type { DatabaseHandle } from '@parkside/db';

/** What a keeper holds under a key: whose it is, and until when (this server's clock) it holds. */
export interface KeptEntry {
  ownerId: string;
  usableUntil: number;
}

export interface KeeperOptions {
  /** How long an entry is trusted without asking the database again, in ms. */
  maxAgeMs?: number;
  /** The most entries kept. */
  maxEntries?: number;
  now?: () => number;
}

/**
 * What one app server keeps from the database while PostgreSQL tells it of changes (sessions,
 * decision 044; API tokens, decision 025):
 * - kept only while it listens on the keeper's channel; a change to an owner drops that owner's
 *   entries on every server as it commits, and `*` drops them all; without listening nothing is
 *   kept, and starting or stopping to listen forgets everything;
 * - kept until `usableUntil` at most (a listening connection that died without a word);
 * - a lookup that overlapped a change heard is not kept (`generation`).
 */
export class KeptUntilChanged<E extends KeptEntry> {
  protected readonly entries = new Map<string, E>();
  protected listening = false;
  /** Bumped by every change heard. */
  protected generation = 0;
  protected readonly maxAgeMs: number;
  private readonly maxEntries: number;
  protected readonly now: () => number;

  constructor({ maxAgeMs = 5_000, maxEntries = 10_000, now = Date.now }: KeeperOptions = {}) {
    this.maxAgeMs = maxAgeMs;
    this.maxEntries = maxEntries;
    this.now = now;
  }

  /** Where a lookup starts: pass it to `keepEntry` with what the lookup found. */
  mark(): number {
    return this.generation;
  }

  /** Keeps what a lookup that started at `mark` found, unless a change came in between. */
  protected keepEntry(key: string, entry: E, mark: number): void {
    if (!this.listening || mark !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(key, entry);
  }

  /** The entry under `key` while it may be used; a stale one goes. */
  protected usable(key: string): E | null {
    const kept = this.entries.get(key);
    if (!kept) return null;
    if (this.now() < kept.usableUntil) return kept;
    this.entries.delete(key);
    return null;
  }

  /** An owner changed (`ownerId`), or everyone may have (`*`). */
  changed(ownerId: string): void {
    this.generation += 1;
    if (ownerId === '*') {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of this.entries) {
      if (entry.ownerId === ownerId) this.entries.delete(key);
    }
  }

  /** Listening started, or started again: whatever changed while it was down is unknown. */
  listeningStarted(): void {
    this.changed('*');
    this.listening = true;
  }

  /** Listening stopped: nothing may be kept. */
  listeningStopped(): void {
    this.changed('*');
    this.listening = false;
  }

  /** Listens on `channel`, whose payload is an owner's id or `*`; resolves to a stop function. */
  protected async listenOn(
    database: Pick<DatabaseHandle, 'listen'>,
    channel: string,
  ): Promise<() => Promise<void>> {
    const stop = await database.listen(
      channel,
      (ownerId) => this.changed(ownerId),
      () => this.listeningStarted(),
    );
    return async () => {
      this.listeningStopped();
      await stop();
    };
  }

  /** How many entries are kept (tests and diagnostics). */
  get size(): number {
    return this.entries.size;
  }
}
