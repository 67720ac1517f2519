import type { RequestToken, SessionUser } from '@parkside/core';
import { adminAudit, type AuditAction, type Database } from '@parkside/db';
import { and, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import { inTransaction } from '../../transaction';

/** Who acted: the signed-in admin, the API token when the call came with one, and the address. */
export interface AuditActor {
  user: SessionUser;
  token: RequestToken | null;
  clientIp: string;
}

/** The actor of a call, from its context (after a guard has made sure there is a user). */
export const actorOf = (ctx: AuditActor): AuditActor => ({
  user: ctx.user,
  token: ctx.token,
  clientIp: ctx.clientIp,
});

export interface AuditEntry {
  action: AuditAction;
  targetId: string;
  targetLabel: string;
  details?: Record<string, string | number | boolean | null>;
}

/** Writes one audit row, in the caller's transaction. */
export async function recordAudit(db: Database, actor: AuditActor, entry: AuditEntry) {
  const [row] = await db
    .insert(adminAudit)
    .values({
      actorId: actor.user.id,
      actorEmail: actor.user.email,
      apiTokenId: actor.token?.id ?? null,
      action: entry.action,
      targetId: entry.targetId,
      targetLabel: entry.targetLabel,
      details: entry.details ?? null,
      ip: actor.clientIp || 'unknown',
    })
    .returning({ at: adminAudit.at, adminEmail: adminAudit.actorEmail, ip: adminAudit.ip });
  return row!;
}

/**
 * Runs an admin action (from the caller's context: its database and who acts) and writes its
 * audit row in the same transaction: an action that fails leaves no row, and one that happened
 * cannot lack one.
 */
export function audited<T>(
  ctx: AuditActor & { db: Database },
  action: (tx: Database) => Promise<T>,
  entryOf: (result: T) => AuditEntry | null,
): Promise<T> {
  return inTransaction(ctx.db, async (tx) => {
    const result = await action(tx as unknown as Database);
    const entry = entryOf(result);
    if (entry) await recordAudit(tx as unknown as Database, actorOf(ctx), entry);
    return result;
  });
}

/**
 * `audited` when the caller is an admin, the bare change otherwise: what an admin does to
 * something that is not theirs is on the record; someone acting on their own is not an admin act.
 */
export function auditedForAdmins<T>(
  ctx: AuditActor & { db: Database },
  action: (tx: Database) => Promise<T>,
  entryOf: (result: T) => AuditEntry | null,
): Promise<T> {
  return ctx.user.isAdmin ? audited(ctx, action, entryOf) : action(ctx.db);
}

export interface AuditFilter {
  action?: AuditAction;
  /** The acting admin's e-mail, exactly. */
  actor?: string;
  /** The record acted on: an id or an admin's e-mail, exactly. */
  target?: string;
  /** Instants, inclusive from and exclusive to. */
  from?: Date;
  to?: Date;
  /** The last row of the previous page, as `audit` returned it in `next`. */
  after?: { at: Date; seq: number };
  limit: number;
}

/** The audit log, newest first, one page at a time (by the last row seen, never an offset). */
export async function listAudit(db: Database, filter: AuditFilter) {
  const where: (SQL | undefined)[] = [
    filter.action ? eq(adminAudit.action, filter.action) : undefined,
    filter.actor ? eq(adminAudit.actorEmail, filter.actor) : undefined,
    filter.target ? eq(adminAudit.targetId, filter.target) : undefined,
    filter.from ? gte(adminAudit.at, filter.from) : undefined,
    filter.to ? lt(adminAudit.at, filter.to) : undefined,
    filter.after
      ? or(
          lt(adminAudit.at, filter.after.at),
          and(eq(adminAudit.at, filter.after.at), lt(adminAudit.seq, filter.after.seq)),
        )
      : undefined,
  ];
  const rows = await db
    .select()
    .from(adminAudit)
    .where(and(...where))
    .orderBy(desc(adminAudit.at), desc(adminAudit.seq))
    .limit(filter.limit + 1);
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ seq: _seq, ...row }) => ({ ...row, at: row.at.toISOString() })),
    next: rows.length > filter.limit && last ? `${last.at.toISOString()}_${last.seq}` : null,
  };
}
