import { apiTokenCreateInput } from '@parkside/validators';
import { z } from 'zod';
import { adminProcedure, router, verifiedProcedure } from '../../trpc';
import {
  createApiToken,
  listApiTokens,
  listOwnApiTokens,
  revokeApiToken,
} from './api-token.service';
import { audited } from '../audit/audit.service';

const tokenId = z.strictObject({ id: z.uuid({ message: 'Token id must be a UUID.' }) });

/** API tokens (decision 025): anyone verified manages their own; admins see and revoke all. */
export const apiTokenRouter = router({
  mine: verifiedProcedure.query(({ ctx }) => listOwnApiTokens(ctx.db, ctx.user)),
  create: verifiedProcedure
    .meta({ scope: 'session' })
    .input(apiTokenCreateInput)
    .mutation(({ ctx, input }) =>
      // An admin's tokens can hold the admin scope: making one is on the record.
      ctx.user.isAdmin
        ? audited(
            ctx,
            (tx) => createApiToken(tx, ctx.user, input),
            (token) => ({
              action: 'api_token.create',
              targetId: token.id,
              targetLabel: token.name,
              details: { scopes: token.scopes.join(' ') },
            }),
          )
        : createApiToken(ctx.db, ctx.user, input),
    ),
  revoke: verifiedProcedure
    .meta({ scope: 'account:write' })
    .input(tokenId)
    .mutation(({ ctx, input }) =>
      ctx.user.isAdmin
        ? audited(
            ctx,
            (tx) => revokeApiToken(tx, input.id, ctx.user),
            (token) => ({
              action: 'api_token.revoke',
              targetId: token.id,
              targetLabel: token.name,
            }),
          )
        : revokeApiToken(ctx.db, input.id, ctx.user),
    ),
  list: adminProcedure.query(({ ctx }) => listApiTokens(ctx.db)),
  revokeAny: adminProcedure.input(tokenId).mutation(({ ctx, input }) =>
    audited(
      ctx,
      (tx) => revokeApiToken(tx, input.id, null),
      (token) => ({ action: 'api_token.revoke', targetId: token.id, targetLabel: token.name }),
    ),
  ),
});
