import { createContext, useContext, useState } from 'react';

/**
 * The id of the request an error screen answers (as logged and sent in X-Request-Id), so a
 * person can quote it to support. Set by the server for error responses only: pages kept for
 * everyone never carry one.
 */
export const RequestIdContext = createContext<string | null>(null);

/** The id on the server; in the browser, the one the server drew into the screen. */
export function useErrorRequestId(): string | null {
  const fromServer = useContext(RequestIdContext);
  const [id] = useState(() => {
    if (fromServer || typeof document === 'undefined') return fromServer;
    return document.querySelector<HTMLElement>('[data-request-id]')?.dataset.requestId ?? null;
  });
  return id;
}

/** "Reference: …" under an error screen, when the request's id is known. */
export function RequestReference() {
  const id = useErrorRequestId();
  if (!id) return null;
  return (
    <p className="text-sm text-slate-500" data-request-id={id}>
      Reference: <span className="font-mono">{id}</span>
    </p>
  );
}
