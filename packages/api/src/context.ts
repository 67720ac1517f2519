import {
  type RequestToken,
  type SessionUser,
  createRateLimits,
  type RateLimits,
} from '@parkside/core';
import { type Database } from '@parkside/db';
import { noPaymentProvider, type PaymentProvider } from '@parkside/payments';
import type { StorageService } from '@parkside/storage';

export interface ContextOptions {
  db: Database;
  /** Request headers, when the call comes from a request. */
  headers?: Headers;
  /** The signed-in user, resolved from the session cookie by the web server. */
  user?: SessionUser | null;
  /** The API token the call was made with; none for the site's own session (decision 025). */
  token?: RequestToken | null;
  /** The client's address (for rate limits). */
  clientIp?: string;
  /** The server's shared limits; one per database is made when not given. */
  limits?: RateLimits;
  /** Platform fee in basis points (PLATFORM_FEE_BPS); 1500 when not given. */
  platformFeeBps?: number;
  /** Hours before the start that a driver's cancellation is refunded in full (default 24). */
  cancelFullRefundHours?: number;
  /** The site's address, for links in e-mails (PUBLIC_URL). */
  publicUrl?: string;
  /** Object storage, for attaching uploaded images and the storage metrics. */
  storage?: StorageService | null;
  /** How drivers pay and hosts are paid out; `none` (due on arrival) when not given. */
  payments?: PaymentProvider;
  /** Signs the passes' check-in codes (PASS_SECRET); a key kept in the database otherwise. */
  passSecret?: string | null;
}

export interface Context {
  db: Database;
  headers: Headers;
  user: SessionUser | null;
  token: RequestToken | null;
  clientIp: string;
  limits: RateLimits;
  platformFeeBps: number;
  cancelFullRefundHours: number;
  publicUrl: string;
  storage: StorageService | null;
  payments: PaymentProvider;
  passSecret: string | null;
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
export function createContext(options: ContextOptions): Context {
  const { db, headers, user, clientIp, limits } = options;
  return {
    db,
    headers: headers ?? new Headers(),
    user: user ?? null,
    token: options.token ?? null,
    clientIp: clientIp ?? 'unknown',
    limits: limits ?? sharedLimits(db),
    platformFeeBps: options.platformFeeBps ?? 1500,
    cancelFullRefundHours: options.cancelFullRefundHours ?? 24,
    publicUrl: options.publicUrl ?? 'http://localhost:3000',
    storage: options.storage ?? null,
    payments: options.payments ?? noPaymentProvider,
    passSecret: options.passSecret ?? null,
  };
}
