import type { RequestToken, SessionUser } from '@parkside/core';
import { admins, apiTokens, users, type Database } from '@parkside/db';
import { API_TOKEN_SECRET_PATTERN, type ApiTokenScope } from '@parkside/validators';
import { and, eq, getTableColumns, gt, isNull, or, sql } from 'drizzle-orm';
import { hashToken } from './tokens';

export type ApiTokenAuthentication =
  | { status: 'ok'; user: SessionUser; token: RequestToken }
  /** Missing, malformed, unknown, revoked or expired: the caller learns no more than that. */
  | { status: 'invalid' }
  | { status: 'rate-limited'; retryAfterSeconds: number };

/**
 * Resolves `Authorization: Bearer <secret>` to its owner in one statement (decision 025): the
 * token is found by the hash of its secret, must be neither revoked nor expired, and its calls in
 * the current minute are counted on its own row, so the limit holds across every app server.
 * `calls` is how many procedures the request carries (a batch counts each).
 */
export async function authenticateApiToken(
  db: Database,
  secret: string,
  calls = 1,
): Promise<ApiTokenAuthentication> {
  if (!API_TOKEN_SECRET_PATTERN.test(secret)) return { status: 'invalid' };
  const minute = sql`date_trunc('minute', now())`;
  const [row] = await db
    .update(apiTokens)
    .set({
      windowCalls: sql`case when ${apiTokens.windowStartedAt} = ${minute} then ${apiTokens.windowCalls} + ${calls} else ${calls} end`,
      windowStartedAt: sql`${minute}`,
      lastUsedAt: sql`now()`,
    })
    .from(users)
    .where(
      and(
        eq(apiTokens.secretHash, hashToken(secret)),
        eq(users.id, apiTokens.ownerId),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)),
      ),
    )
    .returning({
      ...getTableColumns(users),
      isAdmin: sql<boolean>`exists (select 1 from ${admins} where ${admins.email} = ${users.email})`,
      tokenId: apiTokens.id,
      tokenScopes: apiTokens.scopes,
      rateLimit: apiTokens.rateLimitPerMinute,
      windowCalls: apiTokens.windowCalls,
      secondsLeft: sql<number>`ceil(extract(epoch from (${apiTokens.windowStartedAt} + interval '1 minute' - now())))::int`,
    });
  if (!row) return { status: 'invalid' };
  const { tokenId, tokenScopes, rateLimit, windowCalls, secondsLeft, isAdmin, ...fields } = row;
  if (windowCalls > rateLimit) {
    return { status: 'rate-limited', retryAfterSeconds: Math.max(1, Number(secondsLeft)) };
  }
  return {
    status: 'ok',
    user: { ...fields, isAdmin: Boolean(isAdmin) },
    token: { id: tokenId, scopes: tokenScopes as ApiTokenScope[] },
  };
}
