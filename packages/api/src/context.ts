import { createRateLimits, type Database, type RateLimits, type User } from '@parkside/db';

/** The user of a request: the stored fields plus isAdmin, derived from `admins` at load time. */
export type SessionUser = User & { isAdmin: boolean };

export interface ContextOptions {
  db: Database;
  /** Request headers, when the call comes from a request. */
  headers?: Headers;
  /** The signed-in user, resolved from the session cookie by the web server. */
  user?: SessionUser | null;
  /** The client's address (for rate limits). */
  clientIp?: string;
  /** The server's shared limits; one per database is made when not given. */
  limits?: RateLimits;
}

export interface Context {
  db: Database;
  headers: Headers;
  user: SessionUser | null;
  clientIp: string;
  limits: RateLimits;
}

const limitsByDatabase = new WeakMap<Database, RateLimits>();

function sharedLimits(db: Database): RateLimits {
  let limits = limitsByDatabase.get(db);
  if (!limits) {
    limits = createRateLimits(db);
    limitsByDatabase.set(db, limits);
  }
  return limits;
}

/** Built once per request, by the web server for loaders and by the HTTP adapter for tools. */
export function createContext({ db, headers, user, clientIp, limits }: ContextOptions): Context {
  return {
    db,
    headers: headers ?? new Headers(),
    user: user ?? null,
    clientIp: clientIp ?? 'unknown',
    limits: limits ?? sharedLimits(db),
  };
}
