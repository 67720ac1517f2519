/**
 * Pages kept for signed-out visitors and served again until what they show changes
 * (decision 020). Each page belongs to one event; PostgreSQL tells every server when an event's
 * parking changed (triggers and NOTIFY, migration 0010), and the pages of that event are dropped.
 * Nothing is served or kept while the server is not listening, and a page is never kept longer
 * than `maxAgeMs` (what changes with the clock alone, such as a parking window ending, and a
 * listening connection that died without a word).
 */

/** A rendered response, its body cut where the render's CSP nonce was. */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The body split on the nonce: joined again with each response's own. */
  parts: string[];
}

/** What a render that may be kept started from. */
export interface RenderTicket {
  eventId: string;
  sequence: number;
  epoch: number;
  startedAt: number;
}

interface Entry {
  page: CachedPage;
  eventId: string;
  bytes: number;
  expiresAt: number;
}

export interface PageCacheOptions {
  /** How long a page is kept at most, in ms. */
  maxAgeMs?: number;
  /** The most body bytes kept; the least recently used pages go first. */
  maxBytes?: number;
  now?: () => number;
}

/** A render that took longer than this is not kept: a change during it could be forgotten. */
const MAX_RENDER_MS = 10_000;

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly keysByEvent = new Map<string, Set<string>>();
  /** The sequence number and time of each event's last change, oldest first. */
  private readonly changes = new Map<string, { sequence: number; at: number }>();
  private sequence = 0;
  private epoch = 0;
  private listening = false;
  private bytes = 0;
  private readonly maxAgeMs: number;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor({
    maxAgeMs = 30_000,
    maxBytes = 32 * 1024 * 1024,
    now = Date.now,
  }: PageCacheOptions = {}) {
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

  /** Something an event's pages show changed: drop them, and any render now under way. */
  changed(eventId: string): void {
    this.sequence += 1;
    const at = this.now();
    this.changes.delete(eventId);
    this.changes.set(eventId, { sequence: this.sequence, at });
    for (const key of this.keysByEvent.get(eventId) ?? []) this.remove(key);
    // Renders older than MAX_RENDER_MS are never kept, so older changes need no memory.
    for (const [id, change] of this.changes) {
      if (change.at >= at - MAX_RENDER_MS) break;
      this.changes.delete(id);
    }
  }

  /** The page kept under `key`, if it may still be served. */
  get(key: string): CachedPage | undefined {
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
    return entry.page;
  }

  /** Taken before rendering a page that may be kept. */
  begin(eventId: string): RenderTicket {
    return { eventId, sequence: this.sequence, epoch: this.epoch, startedAt: this.now() };
  }

  /**
   * Keeps the page rendered since `ticket`, unless its event changed meanwhile (the render may
   * have read the old state) or listening restarted. Returns whether it was kept.
   */
  put(ticket: RenderTicket, key: string, page: CachedPage): boolean {
    const now = this.now();
    const lastChange = this.changes.get(ticket.eventId);
    if (
      !this.listening ||
      ticket.epoch !== this.epoch ||
      (lastChange && lastChange.sequence > ticket.sequence) ||
      now - ticket.startedAt > MAX_RENDER_MS
    ) {
      return false;
    }
    const bytes = page.parts.reduce((sum, part) => sum + part.length, 0);
    if (bytes > this.maxBytes / 4) return false;
    this.remove(key);
    while (this.bytes + bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
    this.entries.set(key, {
      page,
      eventId: ticket.eventId,
      bytes,
      expiresAt: ticket.startedAt + this.maxAgeMs,
    });
    this.bytes += bytes;
    let keys = this.keysByEvent.get(ticket.eventId);
    if (!keys) this.keysByEvent.set(ticket.eventId, (keys = new Set()));
    keys.add(key);
    return true;
  }

  /** How many pages are kept (for tests and diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    const keys = this.keysByEvent.get(entry.eventId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByEvent.delete(entry.eventId);
  }

  private clear(): void {
    this.entries.clear();
    this.keysByEvent.clear();
    this.bytes = 0;
  }
}
