import { apiTokens, users, type Database } from '@parkside/db';
import { generateSecret, sha256Hex } from '@parkside/storage';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { AppError } from '@parkside/core';
import type { SessionUser } from '@parkside/core';

/** Makes a token; its secret is returned this once and only its SHA-256 is stored. */
export async function createApiToken(
  db: Database,
  admin: SessionUser,
  input: { name: string; scope: 'storage:read' | 'storage:write' },
) {
  const secret = generateSecret('pk_');
  const [row] = await db
    .insert(apiTokens)
    .values({
      name: input.name,
      scope: input.scope,
      ownerId: admin.id,
      secretHash: sha256Hex(secret),
    })
    .returning({ id: apiTokens.id, name: apiTokens.name, scope: apiTokens.scope });
  return { ...row!, secret };
}

/** Every token, newest first, without secrets. */
export function listApiTokens(db: Database) {
  return db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      scope: apiTokens.scope,
      ownerEmail: users.email,
      lastUsedAt: apiTokens.lastUsedAt,
      revokedAt: apiTokens.revokedAt,
      createdAt: apiTokens.createdAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.ownerId))
    .orderBy(desc(apiTokens.createdAt));
}

export async function revokeApiToken(db: Database, id: string) {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  if (!row) throw new AppError('NOT_FOUND', 'That token was not found or is already revoked.');
  return row;
}
