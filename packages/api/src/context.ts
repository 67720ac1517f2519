import type { Database } from '@parkside/db';

export interface ContextOptions {
  db: Database;
  /** Request headers, when the call comes from a request. */
  headers?: Headers;
}

export interface Context {
  db: Database;
  headers: Headers;
}

/** Built once per request, by the web server for loaders and by the HTTP adapter for tools. */
export function createContext({ db, headers }: ContextOptions): Context {
  return { db, headers: headers ?? new Headers() };
}
