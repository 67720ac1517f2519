import type { AuditAction } from '@parkside/db';
import { apiTokenCreateInput } from '@parkside/validators';
import { z } from 'zod';
import { adminProcedure, router, verifiedProcedure } from '../../trpc';
import {
  createApiToken,
  listApiTokens,
  listOwnApiTokens,
  revokeApiToken,
} from './api-token.service';
import { audited, auditedForAdmins } from '../audit/audit.service';

const tokenId = z.strictObject({ id: z.uuid({ message: 'Token id must be a UUID.' }) });

/** A token's audit row names it by its name. */
const tokenEntry = (action: AuditAction, token: { id: string; name: string }) => ({
  action,
  targetId: token.id,
  targetLabel: token.name,
});

/** API tokens (decision 025): anyone verified manages their own; admins see and revoke all. */
export const apiTokenRouter = router({
  mine: verifiedProcedure.query(({ ctx }) => listOwnApiTokens(ctx.db, ctx.user)),
  create: verifiedProcedure
    .meta({ scope: 'session' })
    .input(apiTokenCreateInput)
    .mutation(({ ctx, input }) =>
      // An admin's tokens can hold the admin scope: making one is on the record.
      auditedForAdmins(
        ctx,
        (tx) => createApiToken(tx, ctx.user, input),
        (token) => ({
          ...tokenEntry('api_token.create', token),
          details: { scopes: token.scopes.join(' ') },
        }),
      ),
    ),
  revoke: verifiedProcedure
    .meta({ scope: 'account:write' })
    .input(tokenId)
    .mutation(({ ctx, input }) =>
      auditedForAdmins(
        ctx,
        (tx) => revokeApiToken(tx, input.id, ctx.user),
        (token) => tokenEntry('api_token.revoke', token),
      ),
    ),
  list: adminProcedure.query(({ ctx }) => listApiTokens(ctx.db)),
  revokeAny: adminProcedure.input(tokenId).mutation(({ ctx, input }) =>
    audited(
      ctx,
      (tx) => revokeApiToken(tx, input.id, null),
      (token) => tokenEntry('api_token.revoke', token),
    ),
  ),
});
