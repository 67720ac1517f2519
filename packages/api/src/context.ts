import type { Database, User } from '@parkside/db';

/** The user of a request: the stored fields plus isAdmin, derived from `admins` at load time. */
export type SessionUser = User & { isAdmin: boolean };

export interface ContextOptions {
  db: Database;
  /** Request headers, when the call comes from a request. */
  headers?: Headers;
  /** The signed-in user, resolved from the session cookie by the web server. */
  user?: SessionUser | null;
}

export interface Context {
  db: Database;
  headers: Headers;
  user: SessionUser | null;
}

/** Built once per request, by the web server for loaders and by the HTTP adapter for tools. */
export function createContext({ db, headers, user }: ContextOptions): Context {
  return { db, headers: headers ?? new Headers(), user: user ?? null };
}
