import type { SessionUser } from '@parkside/core';
import { AppError } from '@parkside/core';
import { apiTokens, users, type Database, columnsOf } from '@parkside/db';
import {
  API_TOKEN_DEFAULT_RATE_LIMIT,
  API_TOKEN_MAX_RATE_LIMIT,
  type ApiTokenCreateInput,
} from '@parkside/validators';
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';

export const API_TOKEN_MESSAGES = {
  adminScope: 'Only admins can give a token the admin scope.',
  rateLimit: `Only admins can allow more than ${API_TOKEN_MAX_RATE_LIMIT.user} calls a minute.`,
  notFound: 'That token was not found or is already revoked.',
} as const;

/** A token's public fields: never its secret or hash. */
const tokenColumns = {
  ...columnsOf(
    apiTokens,
    'id name scopes rateLimitPerMinute expiresAt lastUsedAt revokedAt createdAt',
  ),
};

/**
 * Makes a token for `owner` (decision 025). The secret (`pk_` and 192 random bits) is returned
 * this once; only its SHA-256 is stored. A token never holds more than its owner: the `admin`
 * scope and limits above the default are for admins only.
 */
export async function createApiToken(db: Database, owner: SessionUser, input: ApiTokenCreateInput) {
  if (input.scopes.includes('admin') && !owner.isAdmin) {
    throw new AppError('FORBIDDEN', API_TOKEN_MESSAGES.adminScope);
  }
  const rateLimitPerMinute = input.rateLimitPerMinute ?? API_TOKEN_DEFAULT_RATE_LIMIT;
  if (rateLimitPerMinute > API_TOKEN_MAX_RATE_LIMIT.user && !owner.isAdmin) {
    throw new AppError('FORBIDDEN', API_TOKEN_MESSAGES.rateLimit);
  }
  const secret = `pk_${randomBytes(24).toString('base64url')}`;
  const expiresAt = input.expiresInDays
    ? new Date(Date.now() + input.expiresInDays * 24 * 60 * 60 * 1000)
    : null;
  const [row] = await db
    .insert(apiTokens)
    .values({
      name: input.name,
      scopes: [...input.scopes],
      ownerId: owner.id,
      secretHash: createHash('sha256').update(secret).digest('hex'),
      rateLimitPerMinute,
      expiresAt,
    })
    .returning(tokenColumns);
  return { ...row!, secret };
}

function listTokens(db: Database, where?: SQL) {
  return db
    .select({ ...tokenColumns, ownerEmail: users.email, ownerName: users.name })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.ownerId))
    .where(where)
    .orderBy(desc(apiTokens.createdAt))
    .limit(500);
}

/** Every token, newest first (admins). */
export const listApiTokens = (db: Database) => listTokens(db);

/** The caller's own tokens, newest first. */
export const listOwnApiTokens = (db: Database, owner: SessionUser) =>
  listTokens(db, eq(apiTokens.ownerId, owner.id));

/** Revokes a token: any token for an admin (`owner` null), else only the owner's own. */
export async function revokeApiToken(db: Database, id: string, owner: SessionUser | null) {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(apiTokens.id, id),
        isNull(apiTokens.revokedAt),
        owner ? eq(apiTokens.ownerId, owner.id) : undefined,
      ),
    )
    .returning({ id: apiTokens.id, name: apiTokens.name });
  if (!row) throw new AppError('NOT_FOUND', API_TOKEN_MESSAGES.notFound);
  return row;
}
