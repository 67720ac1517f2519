import type { RequestToken, SessionUser } from '@parkside/core';
import { admins, apiTokens, users, type Database, type DatabaseHandle } from '@parkside/db';
import { API_TOKEN_SECRET_PATTERN, type ApiTokenScope } from '@parkside/validators';
import { and, eq, getTableColumns, gt, isNull, or, sql } from 'drizzle-orm';
import { hashToken } from './tokens';
import { KeptUntilChanged, type KeeperOptions } from './kept-until-changed';

export type ApiTokenAuthentication =
  | { status: 'ok'; user: SessionUser; token: RequestToken }
  /** Missing, malformed, unknown, revoked or expired: the caller learns no more than that. */
  | { status: 'invalid' }
  | { status: 'rate-limited'; retryAfterSeconds: number };

interface Reservation {
  user: SessionUser;
  token: RequestToken;
  /** Calls granted beyond the ones asked for, to spend before asking the database again. */
  spare: number;
  /** Milliseconds until the token's current minute ends (its spare calls lapse then). */
  windowMsLeft: number;
  expiresAt: Date | null;
}

type ReservationResult =
  | { status: 'invalid' }
  | { status: 'rate-limited'; retryAfterSeconds: number }
  | ({ status: 'ok' } & Reservation);

/**
 * A server that keeps tokens takes this share of a token's limit from the database at a time,
 * and never more than `API_TOKEN_BATCH_MAX` calls.
 */
export const API_TOKEN_BATCH_DIVISOR = 20;
export const API_TOKEN_BATCH_MAX = 100;

/**
 * One statement (decision 025): finds the token by the hash of its secret, neither revoked nor
 * expired, with its owner, and takes `calls` from its current minute, plus spare ones up to
 * `1/batchDivisor` of its limit (at most `API_TOKEN_BATCH_MAX`) when the minute has room (none
 * when `batchDivisor` is 0). The
 * token's row is locked while it is counted, so the limit holds across every app server.
 * Nothing is taken when the minute cannot cover `calls`.
 */
async function reserveCalls(
  db: Database,
  secretHash: string,
  calls: number,
  batchDivisor = 0,
): Promise<ReservationResult> {
  const minute = sql`date_trunc('minute', now())`;
  const current = db.$with('current').as(
    db
      .select({
        id: apiTokens.id,
        ownerId: apiTokens.ownerId,
        used: sql<number>`case when ${apiTokens.windowStartedAt} = ${minute} then ${apiTokens.windowCalls} else 0 end`.as(
          'used',
        ),
        batch: (batchDivisor > 0
          ? sql<number>`greatest(${calls}, least(${apiTokens.rateLimitPerMinute} / ${batchDivisor}, ${API_TOKEN_BATCH_MAX}))`
          : sql<number>`${calls}::int`
        ).as('batch'),
        room: sql<number>`greatest(${apiTokens.rateLimitPerMinute} - case when ${apiTokens.windowStartedAt} = ${minute} then ${apiTokens.windowCalls} else 0 end, 0)`.as(
          'room',
        ),
      })
      .from(apiTokens)
      .where(
        and(
          eq(apiTokens.secretHash, secretHash),
          isNull(apiTokens.revokedAt),
          or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)),
        ),
      )
      .for('update'),
  );
  const granted = sql<number>`(case when ${current.room} >= ${calls} then least(${current.room}, ${current.batch}) else 0 end)`;
  const [row] = await db
    .with(current)
    .update(apiTokens)
    .set({
      windowCalls: sql`${current.used} + ${granted}`,
      windowStartedAt: sql`${minute}`,
      lastUsedAt: sql`now()`,
    })
    .from(current)
    .innerJoin(users, eq(users.id, current.ownerId))
    .where(eq(apiTokens.id, current.id))
    .returning({
      ...getTableColumns(users),
      isAdmin: sql<boolean>`exists (select 1 from ${admins} where ${admins.email} = ${users.email})`,
      tokenId: apiTokens.id,
      tokenScopes: apiTokens.scopes,
      expiresAt: apiTokens.expiresAt,
      granted: sql<number>`${granted}::int`,
      windowMsLeft: sql<number>`(extract(epoch from (${minute} + interval '1 minute' - clock_timestamp())) * 1000)::int`,
    });
  if (!row) return { status: 'invalid' };
  const { tokenId, tokenScopes, expiresAt, granted: got, windowMsLeft, isAdmin, ...fields } = row;
  const msLeft = Math.max(0, Number(windowMsLeft));
  if (Number(got) < calls) {
    return { status: 'rate-limited', retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)) };
  }
  return {
    status: 'ok',
    user: { ...fields, isAdmin: Boolean(isAdmin) },
    token: { id: tokenId, scopes: tokenScopes as ApiTokenScope[] },
    spare: Number(got) - calls,
    windowMsLeft: msLeft,
    expiresAt,
  };
}

function settle(result: ReservationResult): ApiTokenAuthentication {
  if (result.status !== 'ok') return result;
  return { status: 'ok', user: result.user, token: result.token };
}

interface Entry {
  ownerId: string;
  user: SessionUser;
  token: RequestToken;
  /** Calls already counted in the database that this server may still make. */
  spare: number;
  /** Until when (this server's clock) the entry and its spare calls may be used. */
  usableUntil: number;
}

export type ApiTokenVerifierOptions = KeeperOptions;

/**
 * Verifies bearer tokens for one app server (decision 025). A token checked a moment ago is
 * trusted again without a round trip, and the calls it may make are taken from its minute in
 * small batches, so a busy tool costs the database one statement per batch, not per call.
 *
 * - Kept only while this server is listening for `api_token_changed` (migration 0014): a
 *   revoked or expired token, a changed owner or a changed list of admins drops the owner's
 *   tokens on every server as the change commits. Without listening, every call asks the database.
 * - Kept for `maxAgeMs` at most (a listening connection that died without a word), never past
 *   the token's expiry or the end of the minute its spare calls were counted in.
 * - The spare calls are counted in PostgreSQL before any is used, so the limit still holds across
 *   servers; at most a twentieth of the limit per server can go unused in a minute.
 */
export class ApiTokenVerifier extends KeptUntilChanged<Entry> {
  /** Lookups under way, so that calls arriving together on one token wait for one statement. */
  private readonly pending = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Database,
    options: ApiTokenVerifierOptions = {},
  ) {
    super(options);
  }

  /**
   * Resolves `Authorization: Bearer <secret>` to its owner, counting `calls` (how many
   * procedures the request carries: a batch counts each) against the token's limit.
   */
  async authenticate(secret: string, calls = 1): Promise<ApiTokenAuthentication> {
    if (!API_TOKEN_SECRET_PATTERN.test(secret)) return { status: 'invalid' };
    const secretHash = hashToken(secret);
    if (!this.listening) return settle(await reserveCalls(this.db, secretHash, calls));
    const kept = this.take(secretHash, calls);
    if (kept) return kept;
    const underWay = this.pending.get(secretHash);
    if (underWay) {
      await underWay.catch(() => undefined);
      const keptSince = this.take(secretHash, calls);
      if (keptSince) return keptSince;
    }

    const mark = this.mark();
    const startedAt = this.now();
    const lookup = reserveCalls(this.db, secretHash, calls, API_TOKEN_BATCH_DIVISOR);
    this.pending.set(secretHash, lookup);
    let result: ReservationResult;
    try {
      result = await lookup;
    } finally {
      if (this.pending.get(secretHash) === lookup) this.pending.delete(secretHash);
    }
    if (result.status === 'ok') {
      const limits = [startedAt + this.maxAgeMs, startedAt + result.windowMsLeft];
      if (result.expiresAt) limits.push(result.expiresAt.getTime());
      const entry = {
        ownerId: result.user.id,
        user: result.user,
        token: result.token,
        spare: result.spare,
        usableUntil: Math.min(...limits),
      };
      this.keepEntry(secretHash, entry, mark);
    }
    return settle(result);
  }

  /** `calls` from a kept token's spare ones, if it is still usable and has enough. */
  private take(secretHash: string, calls: number): ApiTokenAuthentication | null {
    const kept = this.usable(secretHash);
    if (kept && kept.spare >= calls) {
      kept.spare -= calls;
      return { status: 'ok', user: kept.user, token: kept.token };
    }
    this.entries.delete(secretHash);
    return null;
  }

  /**
   * Listens for `api_token_changed` (migration 0014) on `database`, keeping tokens while it
   * does. Resolves, once listening, to a function that stops.
   */
  listen(database: Pick<DatabaseHandle, 'listen'>): Promise<() => Promise<void>> {
    // Fed by the triggers `api_tokens_changed_*`, `users_api_token_changed_*` and
    // `admins_api_token_changed` (docs/architecture.md).
    return this.listenOn(database, 'api_token_changed');
  }
}
