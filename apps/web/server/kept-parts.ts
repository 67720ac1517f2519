/**
 * The shared part of a page, computed once per change of what it shows and reused for every
 * request, signed in or not (decision 027). A page's loader asks `context.kept.shared` for the
 * data every visitor sees, loaded through the API as a visitor (so nothing of the user's own can
 * slip in), and says what it depends on. The page wraps what it renders from that data alone in
 * `<KeptPart>`; the HTML of those parts is cut out of the first document rendered from the data
 * and put back as it is into the next ones, while the rest of the page (the header with the
 * user's menu, anything of the user's own) is rendered per request. React renders a placeholder
 * where a kept part goes, and its bytes are spliced in after the render (decision 049): passed
 * through React they were encoded again on every request. The browser gets the same
 * data and hydrates the same markup, as if the whole page had been rendered.
 */
import type { ApiCaller } from '@parkside/api';
import { randomBytes } from 'node:crypto';
import {
  KEPT_DATA_IN_PAGE,
  KEPT_PART_ATTRIBUTE,
  type KeptJson,
} from '../app/components/layout/kept-part';
import type { Dependencies, KeptStore } from './kept-store';

/** The shared data of one page address, and the HTML of its kept parts once rendered. */
export interface SharedPart {
  data: unknown;
  /** The data as JSON, as it is sent to the browser (decision 072). */
  json: string;
  /** The JSON as a document carries it, in its kept-data script: `<` escaped (decision 075). */
  scriptJson: Buffer;
  dependsOn: Dependencies;
  /** Part name to HTML (UTF-8), as the part's `<div>` holds it. */
  html: ReadonlyMap<string, Buffer>;
}

export type SharedStore = KeptStore<SharedPart>;

/** What a loader's `load` returns: the data, and what it shows (null: do not keep it). */
export interface SharedLoad<T> {
  value: T;
  dependsOn: Dependencies | null;
}

const PART_NAME = /^[a-z][a-z0-9-]*$/;

/**
 * What a person's own kept parts depend on besides their events: the notification
 * `user:<id>` on `event_parking_changed` (keeping.ts) drops them.
 */
const OWN_CHANGE = 'user:';
export const ownChange = (personId: string) => `${OWN_CHANGE}${personId}`;
/** Whether a payload names a person whose own pages changed (none of the shared cache's). */
export const isOwnChange = (payload: string) => payload.startsWith(OWN_CHANGE);

/**
 * The version of a person's own pages in their browser, new with each request of theirs that
 * may change something (app.ts), and part of their kept parts' keys: the page they open right
 * after their own change is loaded afresh on any server, even one that has not yet heard of it.
 */
const OWN_MARK_COOKIE = 'parkside_own';
const OWN_MARK = new RegExp(`(?:^|;\\s*)${OWN_MARK_COOKIE}=([A-Za-z0-9_-]{1,16})(?:;|$)`);

export const ownMarkCookie = (secure: boolean) =>
  `${OWN_MARK_COOKIE}=${randomBytes(9).toString('base64url')}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

const ownMarkOf = (request: Request) =>
  OWN_MARK.exec(request.headers.get('cookie') ?? '')?.[1] ?? '';

/**
 * Where a kept part's HTML goes. A comment no page can produce by itself: React escapes `<` in
 * text and attributes, so only this module's own markup starts one.
 */
const PART_PLACEHOLDER_START = '<!--kept:';
const placeholder = (name: string) => `${PART_PLACEHOLDER_START}${name}-->`;
/** How every placeholder starts and ends, the kept data's too (`fill` looks for these). */
const PLACEHOLDER_START = Buffer.from('<!--kept');
const PLACEHOLDER_END = Buffer.from('-->');

/** Where the kept data's JSON goes in a document: the text of its `<script>` (decision 075). */
const DATA_PLACEHOLDER = '<!--kept-data-->';

/**
 * JSON as the text of a `<script type="application/json">`: every `<` escaped, so that neither
 * `</script>` nor `<!--` can occur in it; JSON.parse reads `\u003c` back as `<`.
 */
export const scriptJsonOf = (json: string): Buffer => Buffer.from(json.replace(/</g, '\\u003c'));

/** The size of a shared part in memory, roughly: its HTML and its data as JSON would be. */
export function sharedPartBytes(part: SharedPart): number {
  let bytes = part.json.length + part.scriptJson.length;
  for (const html of part.html.values()) bytes += html.length;
  return bytes;
}

/**
 * The inner HTML of the kept part `name` in a rendered document: what React wrote between
 * `<div … data-kept="name">` and its closing tag. Null when it is not there, or not plainly
 * nested. React escapes `<` in text and attributes, so every `<div` and `</div>` inside is a tag.
 */
export function cutPart(document: string, name: string): string | null {
  const marker = ` ${KEPT_PART_ATTRIBUTE}="${name}">`;
  const at = document.indexOf(marker);
  if (at < 0 || document.indexOf(marker, at + marker.length) >= 0) return null;
  const start = at + marker.length;
  const tag = /<(\/?)div[\s>]/g;
  tag.lastIndex = start;
  let depth = 1;
  for (let match = tag.exec(document); match; match = tag.exec(document)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return document.slice(start, match.index);
  }
  return null;
}

/** One request's use of the shared parts: made per request, read by the loaders and the render. */
export class KeptRequest {
  /** The part this request used, whether it was kept (or found kept), and whose it is. */
  private used: { key: string; part: SharedPart; kept: boolean; own: boolean } | null = null;
  /** Parts put back from what was kept, and parts rendered afresh, in this document. */
  private readonly reused = new Set<string>();
  private readonly missing = new Set<string>();
  /** Whether this document carries the kept data in its own script, not in the loader data. */
  private dataInPage = false;

  constructor(
    private readonly store: SharedStore | undefined,
    /** The API as a signed-out visitor, made when first needed. */
    private readonly visitorApi: () => ApiCaller,
    /** Part of every key: the Host header, as in a proxy's cache. */
    private readonly host: string,
    /**
     * The API as the signed-in person, reading where both their own last write and the last
     * change this server heard of are (what is kept must not be older than either).
     */
    private readonly ownerApi: () => ApiCaller,
    /**
     * Whether the response is a document (not a `.data` request of a page already open): its
     * kept data then travels in the document's kept-data script (decision 075).
     */
    private readonly answersDocument = false,
  ) {}

  /**
   * The data of the page at `request`'s address that every visitor sees. Loaded with `load`
   * through the API as a visitor, or taken as kept since its last change. Call it once per
   * request, from the page's own loader.
   */
  shared<T>(request: Request, load: (api: ApiCaller) => Promise<SharedLoad<T>>): Promise<T> {
    return this.keep(this.keyOf(request), this.visitorApi, load, null);
  }

  /**
   * The data of a signed-in person's own page (My Bookings, a pass), kept for that person alone
   * until what it shows changes: anything named in `dependsOn`, and anything PostgreSQL reports
   * of the person (`ownChange`: their bookings and parking reports, migration 0036). Keyed by
   * the person's id: one person's part is never another's. Call it once per request, from the
   * page's own loader, after making sure who is signed in.
   */
  own<T>(
    request: Request,
    personId: string,
    load: (api: ApiCaller) => Promise<SharedLoad<T>>,
  ): Promise<T> {
    const key = `${this.keyOf(request)}#${personId}:${ownMarkOf(request)}`;
    return this.keep(key, this.ownerApi, load, personId);
  }

  private keyOf(request: Request): string {
    const url = new URL(request.url);
    return `${this.host}${url.pathname}${url.search}`;
  }

  private async keep<T>(
    key: string,
    api: () => ApiCaller,
    load: (api: ApiCaller) => Promise<SharedLoad<T>>,
    personId: string | null,
  ): Promise<T> {
    const own = personId !== null;
    const found = this.store?.get(key);
    if (found) {
      this.used = { key, part: found, kept: true, own };
      return found.data as T;
    }
    const ticket = this.store?.begin();
    const loaded = await load(api());
    const dependsOn =
      loaded.dependsOn && own
        ? { ...loaded.dependsOn, events: [...loaded.dependsOn.events, ownChange(personId)] }
        : loaded.dependsOn;
    const json = JSON.stringify(loaded.value) ?? 'null';
    const part: SharedPart = {
      data: loaded.value,
      json,
      scriptJson: scriptJsonOf(json),
      dependsOn: dependsOn ?? { events: [] },
      html: new Map(),
    };
    const kept = Boolean(
      this.store && ticket && dependsOn && this.store.put(ticket, key, part, dependsOn),
    );
    this.used = { key, part, kept, own };
    return loaded.value;
  }

  /**
   * `value` as the loader sends it to the browser (read with `useKept`): the JSON made when the
   * data was kept, when `value` is the data `shared` or `own` answered; made now otherwise.
   * turbo-stream encoded each field of a page's data on every request, the largest cost of a
   * kept page after its frame (decision 072). In a document, the kept data is not sent with the
   * loader data at all: the loader data says `KEPT_DATA_IN_PAGE`, and the JSON, escaped once for
   * a script when it was kept, goes into the document's kept-data script (decision 075); two
   * rounds of string escaping per request, turbo-stream's and Remix's, are saved.
   */
  sent<T>(value: T): KeptJson<T> {
    const part = this.used?.part;
    if (!part || part.data !== value) return (JSON.stringify(value) ?? 'null') as KeptJson<T>;
    if (!this.answersDocument) return part.json as KeptJson<T>;
    this.dataInPage = true;
    return KEPT_DATA_IN_PAGE as KeptJson<T>;
  }

  /** The data `json` was made from, when it is this request's kept part's (for `useKept`). */
  dataOf(json: string): unknown {
    const part = this.used?.part;
    if (!part) return undefined;
    if (json === KEPT_DATA_IN_PAGE) return this.dataInPage ? part.data : undefined;
    return part.json === json ? part.data : undefined;
  }

  /**
   * What the kept-data script holds when rendered: a placeholder `fill` replaces with the JSON,
   * or undefined when this document carries no kept data.
   */
  dataPlaceholder(): string | undefined {
    return this.dataInPage ? DATA_PLACEHOLDER : undefined;
  }

  /**
   * What the page depends on, when all it shows beyond its frame is shared data that was kept;
   * null when the page has no shared part or it was not kept. A signed-out visitor's whole page
   * is kept on this (its frame is the same for every visitor).
   */
  get dependencies(): Dependencies | null {
    return this.used?.kept && !this.used.own ? this.used.part.dependsOn : null;
  }

  /** For the `X-Kept` header: whether this response reused kept parts, kept new ones, or neither. */
  get outcome(): 'hit' | 'miss' | null {
    if (!this.used?.kept) return null;
    return this.reused.size > 0 ? 'hit' : 'miss';
  }

  /**
   * What React renders inside part `name`'s `<div>`: a placeholder `fill` replaces with the kept
   * HTML, or undefined when the part must be rendered.
   */
  placeholderOf(name: string): string | undefined {
    const kept = this.used?.kept ? this.used.part.html.has(name) : false;
    if (!kept) {
      this.missing.add(name);
      return undefined;
    }
    this.reused.add(name);
    return placeholder(name);
  }

  /** The rendered document with the kept parts' HTML in place of their placeholders. */
  fill(document: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
    const part = this.used?.part;
    if (!part || (this.reused.size === 0 && !this.dataInPage)) return document;
    // One pass over the document: every placeholder starts alike, and only this module writes one.
    const pieces: Buffer[] = [];
    let from = 0;
    for (let at = document.indexOf(PLACEHOLDER_START); at >= 0;) {
      const close = document.indexOf(PLACEHOLDER_END, at);
      if (close < 0) break;
      const end = close + PLACEHOLDER_END.length;
      const bytes = this.bytesOf(part, document.toString('latin1', at, end));
      if (bytes) {
        pieces.push(document.subarray(from, at), bytes);
        from = end;
      }
      at = document.indexOf(PLACEHOLDER_START, end);
    }
    if (pieces.length === 0) return document;
    pieces.push(document.subarray(from));
    return Buffer.concat(pieces);
  }

  /** What goes at the placeholder `marker`: a reused part's HTML, the kept data, or nothing. */
  private bytesOf(part: SharedPart, marker: string): Buffer | undefined {
    if (marker === DATA_PLACEHOLDER) return this.dataInPage ? part.scriptJson : undefined;
    const name = marker.slice(PART_PLACEHOLDER_START.length, -PLACEHOLDER_END.length);
    return this.reused.has(name) ? part.html.get(name) : undefined;
  }

  /** Whether the rendered document holds parts to keep (see `rendered`). */
  get wantsParts(): boolean {
    return Boolean(this.store && this.used?.kept && this.missing.size > 0);
  }

  /**
   * After rendering: keeps the HTML of the parts rendered afresh, cut from the document, with
   * the data they were rendered from, if that data is still the one kept. A part that holds the
   * response's nonce is never kept (the nonce is the response's own).
   */
  rendered(document: string, nonce: string): void {
    if (!this.store || !this.used?.kept || this.missing.size === 0) return;
    const html = new Map(this.used.part.html);
    for (const name of this.missing) {
      if (!PART_NAME.test(name) || html.has(name)) continue;
      const cut = cutPart(document, name);
      if (cut !== null && !(nonce && cut.includes(nonce))) html.set(name, Buffer.from(cut));
    }
    if (html.size === this.used.part.html.size) return;
    const next: SharedPart = { ...this.used.part, html };
    if (this.store.replace(this.used.key, this.used.part, next)) this.used.part = next;
  }
}
