/**
 * What the server keeps of pages between requests, and drops as soon as what it shows changes
 * (decisions 020 and 027): whole pages for signed-out visitors, and the shared part of a page
 * (its data and rendered HTML) for everyone. Each value names what it depends on: the events
 * whose parking it shows, and whether it lists events. PostgreSQL tells every server when an
 * event's parking changed, and when any event was created, changed or deleted (triggers and
 * NOTIFY, migrations 0010 and 0016), and the values that depend on it are dropped. Nothing is
 * served or kept while the server is not listening, and a value is never kept longer than
 * `maxAgeMs` (what changes with the clock alone, such as a parking window ending, and a
 * listening connection that died without a word).
 */

/** What a kept value shows, so it is dropped when that changes. */
export interface Dependencies {
  /** The events whose parking (listings, bookings, driveways, the event itself) it shows. */
  events: readonly string[];
  /** It lists events: any event created, changed or deleted may change it. */
  eventList?: boolean;
  /**
   * When its words change by the clock alone (a refund deadline, a start, a window opening), in
   * ms since the epoch: it is not served from then on.
   */
  until?: number;
}

/** What a computation that may be kept started from. */
export interface KeepTicket {
  sequence: number;
  epoch: number;
  startedAt: number;
}

interface Entry<V> {
  value: V;
  events: readonly string[];
  eventList: boolean;
  bytes: number;
  expiresAt: number;
}

export interface KeptStoreOptions<V> {
  /** The size of a value in bytes, for the memory bound. */
  sizeOf: (value: V) => number;
  /** How long a value is kept at most, in ms. */
  maxAgeMs?: number;
  /** The most bytes kept; the least recently used values go first. */
  maxBytes?: number;
  now?: () => number;
}

/** A computation that took longer than this is not kept: a change during it could be forgotten. */
const MAX_RENDER_MS = 10_000;

export class KeptStore<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly keysByEvent = new Map<string, Set<string>>();
  private readonly keysOfLists = new Set<string>();
  /** The sequence number and time of each event's last change, oldest first. */
  private readonly changes = new Map<string, { sequence: number; at: number }>();
  /** The sequence number of the last change to the list of events. */
  private listSequence = 0;
  private sequence = 0;
  private epoch = 0;
  private listening = false;
  private bytes = 0;
  private readonly sizeOf: (value: V) => number;
  private readonly maxAgeMs: number;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor({
    sizeOf,
    maxAgeMs = 30_000,
    maxBytes = 32 * 1024 * 1024,
    now = Date.now,
  }: KeptStoreOptions<V>) {
    this.sizeOf = sizeOf;
    this.maxAgeMs = maxAgeMs;
    this.maxBytes = maxBytes;
    this.now = now;
  }

  /** Listening started, or started again: whatever changed while it was down is unknown. */
  listeningStarted(): void {
    this.clear();
    this.epoch += 1;
    this.listening = true;
  }

  /** Listening stopped: nothing can be kept safely any more. */
  listeningStopped(): void {
    this.clear();
    this.epoch += 1;
    this.listening = false;
  }

  /** Something an event's pages show changed: drop them, and any computation now under way. */
  changed(eventId: string): void {
    const id = eventId.toLowerCase();
    this.sequence += 1;
    const at = this.now();
    this.changes.delete(id);
    this.changes.set(id, { sequence: this.sequence, at });
    for (const key of this.keysByEvent.get(id) ?? []) this.remove(key);
    // Computations older than MAX_RENDER_MS are never kept, so older changes need no memory.
    for (const [changedId, change] of this.changes) {
      if (change.at >= at - MAX_RENDER_MS) break;
      this.changes.delete(changedId);
    }
  }

  /** An event was created, changed or deleted: drop every list of events. */
  eventListChanged(): void {
    this.sequence += 1;
    this.listSequence = this.sequence;
    for (const key of this.keysOfLists) this.remove(key);
  }

  /** The value kept under `key`, if it may still be served. */
  get(key: string): V | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.remove(key);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Taken before computing a value that may be kept. */
  begin(): KeepTicket {
    return { sequence: this.sequence, epoch: this.epoch, startedAt: this.now() };
  }

  /**
   * Keeps the value computed since `ticket`, unless what it depends on changed meanwhile (the
   * computation may have read the old state) or listening restarted. Returns whether it was kept.
   */
  put(ticket: KeepTicket, key: string, value: V, dependsOn: Dependencies): boolean {
    const now = this.now();
    const events = dependsOn.events.map((id) => id.toLowerCase());
    const eventList = dependsOn.eventList ?? false;
    if (
      !this.listening ||
      ticket.epoch !== this.epoch ||
      now - ticket.startedAt > MAX_RENDER_MS ||
      (dependsOn.until !== undefined && dependsOn.until <= now) ||
      (eventList && this.listSequence > ticket.sequence) ||
      events.some((id) => (this.changes.get(id)?.sequence ?? 0) > ticket.sequence)
    ) {
      return false;
    }
    const bytes = this.sizeOf(value);
    if (bytes > this.maxBytes / 4) return false;
    this.remove(key);
    this.makeRoom(bytes);
    this.entries.set(key, {
      value,
      events,
      eventList,
      bytes,
      expiresAt: Math.min(ticket.startedAt + this.maxAgeMs, dependsOn.until ?? Infinity),
    });
    this.bytes += bytes;
    for (const id of events) {
      let keys = this.keysByEvent.get(id);
      if (!keys) this.keysByEvent.set(id, (keys = new Set()));
      keys.add(key);
    }
    if (eventList) this.keysOfLists.add(key);
    return true;
  }

  /**
   * Replaces the value kept under `key` with a fuller one of the same state (the same data with
   * its rendered HTML), if `current` is still what is kept there. Returns whether it did.
   */
  replace(key: string, current: V, next: V): boolean {
    const entry = this.entries.get(key);
    if (!this.listening || !entry || entry.value !== current) return false;
    const bytes = this.sizeOf(next);
    if (bytes > this.maxBytes / 4) return false;
    this.bytes += bytes - entry.bytes;
    entry.value = next;
    entry.bytes = bytes;
    this.makeRoom(0, key);
    return true;
  }

  /** How many values are kept (for tests and diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  /** Drops the least recently used values until `bytes` more fit (never `keep`). */
  private makeRoom(bytes: number, keep?: string): void {
    for (const oldest of this.entries.keys()) {
      if (this.bytes + bytes <= this.maxBytes) break;
      if (oldest !== keep) this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    for (const id of entry.events) {
      const keys = this.keysByEvent.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByEvent.delete(id);
    }
    if (entry.eventList) this.keysOfLists.delete(key);
  }

  private clear(): void {
    this.entries.clear();
    this.keysByEvent.clear();
    this.keysOfLists.clear();
    this.bytes = 0;
  }
}
