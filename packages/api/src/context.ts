import {
  type RequestToken,
  type SessionUser,
  createRateLimits,
  type RateLimits,
} from '@parkside/core';
import { type Database, type ReplicaChoice } from '@parkside/db';
import { noPaymentProvider, type PaymentProvider } from '@parkside/payments';
import type { Geocoder } from '@parkside/geocoder';
import type { StorageService } from '@parkside/storage';
import { DEFAULT_SETTINGS, type Settings } from './settings';

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
  /** The marketplace's settings, parsed once at start (`parseSettings`); defaults otherwise. */
  settings?: Settings;
  /** Object storage, for attaching uploaded images and the storage metrics. */
  storage?: StorageService | null;
  /** How drivers pay and hosts are paid out; `none` (due on arrival) when not given. */
  payments?: PaymentProvider;
  /** The address provider of the host forms; none when not configured. */
  geocoder?: Geocoder | null;
  /**
   * A replica for this call's reads that may be a moment old, when one has what the caller
   * must see (decision 070); null or absent: the primary.
   */
  replica?: () => ReplicaChoice | null;
  /** Told after each mutation that committed, so the caller's next reads see it (decision 070). */
  onWrite?: () => Promise<void>;
}

export interface Context {
  db: Database;
  headers: Headers;
  user: SessionUser | null;
  token: RequestToken | null;
  clientIp: string;
  limits: RateLimits;
  settings: Settings;
  storage: StorageService | null;
  payments: PaymentProvider;
  geocoder: Geocoder | null;
  replica: () => ReplicaChoice | null;
  onWrite: (() => Promise<void>) | null;
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
    settings: options.settings ?? DEFAULT_SETTINGS,
    storage: options.storage ?? null,
    payments: options.payments ?? noPaymentProvider,
    geocoder: options.geocoder ?? null,
    replica: options.replica ?? (() => null),
    onWrite: options.onWrite ?? null,
  };
}
