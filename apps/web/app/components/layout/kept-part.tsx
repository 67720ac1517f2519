import { createContext, useContext, type ReactNode } from 'react';

/**
 * On the server, the kept parts of this request (apps/web/server/kept-parts.ts): a placeholder
 * for each part kept, replaced by its HTML once the document is rendered.
 */
export interface KeptHtml {
  placeholderOf(name: string): string | undefined;
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
