import { createContext, useContext, useMemo, type ReactNode } from 'react';

/**
 * On the server, the kept parts of this request (apps/web/server/kept-parts.ts): a placeholder
 * for each part kept, replaced by its HTML once the document is rendered; and the data the JSON
 * the loader sent was made from.
 */
export interface KeptHtml {
  placeholderOf(name: string): string | undefined;
  dataOf(json: string): unknown;
  dataPlaceholder(): string | undefined;
}

/**
 * What a document's loader data says in place of its kept data: the data is in the document's
 * kept-data script (`KeptDataScript`), not repeated in the loader data (decision 075). Not JSON,
 * so it is never taken for data.
 */
export const KEPT_DATA_IN_PAGE = 'kept-data:in-page';
const KEPT_DATA_ID = 'kept-data';

/**
 * In the browser, the text of the kept-data script of the document as the server sent it, read
 * once, before hydration changes anything; null when it had none.
 */
let keptDataText: string | null | undefined;
function keptDataTextOfDocument(): string | null {
  if (keptDataText === undefined) {
    keptDataText = document.getElementById(KEPT_DATA_ID)?.textContent ?? null;
  }
  return keptDataText;
}
let keptDataOfDocument: { value: unknown } | undefined;

function parseKept(json: string): unknown {
  if (json !== KEPT_DATA_IN_PAGE) return JSON.parse(json);
  if (!keptDataOfDocument) {
    const text = keptDataTextOfDocument();
    if (text === null) throw new Error('This page came without its data. Reload it.');
    keptDataOfDocument = { value: JSON.parse(text) };
  }
  return keptDataOfDocument.value;
}

declare const keptData: unique symbol;

/**
 * Kept data as the loader sends it to the browser: JSON, made once when the data was kept
 * (`context.kept.sent`), instead of encoded field by field on every request (decision 072).
 * Only for data that is JSON already: strings, numbers, booleans, null, arrays and plain
 * objects (no Date, no undefined that must stay).
 */
export type KeptJson<T> = string & { readonly [keptData]: T };

/** The data a `KeptJson` holds. */
export type KeptValue<J> = J extends KeptJson<infer T> ? T : never;

/**
 * Kept data in a page: on the server the very object the JSON was made from, in the browser
 * the JSON read back once per change.
 */
export function useKept<T>(json: KeptJson<T>): T;
export function useKept<T>(json: KeptJson<T> | null): T | null;
export function useKept<T>(json: KeptJson<T> | null): T | null {
  const kept = useContext(KeptHtmlContext);
  return useMemo(
    () => (json === null ? null : ((kept?.dataOf(json) ?? parseKept(json)) as T)),
    [kept, json],
  );
}

export const KeptHtmlContext = createContext<KeptHtml | null>(null);

/** The attribute that marks a kept part's `<div>`, where the server cuts its HTML out. */
export const KEPT_PART_ATTRIBUTE = 'data-kept';

/**
 * A part of a page rendered from the page's shared data (`context.kept.shared` in its loader)
 * and its address alone: nothing of the signed-in user's, no clock, no random ids. The server
 * renders it once per change of that data and puts the same HTML back into later documents;
 * the browser renders the children and hydrates them against it as usual. `display: contents`,
 * so the wrapper changes no layout. Names are unique within a page.
 */
export function KeptPart({ name, children }: { name: string; children: ReactNode }) {
  const placeholder = useContext(KeptHtmlContext)?.placeholderOf(name);
  return placeholder === undefined ? (
    <div className="contents" data-kept={name}>
      {children}
    </div>
  ) : (
    <div className="contents" data-kept={name} dangerouslySetInnerHTML={{ __html: placeholder }} />
  );
}

/**
 * The document's kept data (decision 075), in the root layout: on the server a placeholder the
 * JSON replaces after the render, when a loader sent kept data; in the browser the same text the
 * server sent, so hydration finds what it rendered and never writes it again.
 */
export function KeptDataScript() {
  const kept = useContext(KeptHtmlContext);
  const text = typeof document === 'undefined' ? kept?.dataPlaceholder() : keptDataTextOfDocument();
  return text == null ? null : (
    <script
      id={KEPT_DATA_ID}
      type="application/json"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: text }}
    />
  );
}
