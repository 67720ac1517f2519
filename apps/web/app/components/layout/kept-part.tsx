import { createContext, useContext, useMemo, type ReactNode } from 'react';

/**
 * On the server, the kept parts of this request (apps/web/server/kept-parts.ts): a placeholder
 * for each part kept, replaced by its HTML once the document is rendered; and the data the JSON
 * the loader sent was made from.
 */
export interface KeptHtml {
  placeholderOf(name: string): string | undefined;
  dataOf(json: string): unknown;
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
    () => (json === null ? null : ((kept?.dataOf(json) ?? JSON.parse(json)) as T)),
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
