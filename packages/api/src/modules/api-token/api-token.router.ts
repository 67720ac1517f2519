import { apiTokenCreateSchema } from '@parkside/validators';
import { z } from 'zod';
import { adminProcedure, router, verifiedProcedure } from '../../trpc';
import {
  createApiToken,
  listApiTokens,
  listOwnApiTokens,
  revokeApiToken,
} from './api-token.service';

const tokenId = z.strictObject({ id: z.uuid({ message: 'Token id must be a UUID.' }) });

/** API tokens (decision 025): anyone verified manages their own; admins see and revoke all. */
export const apiTokenRouter = router({
  mine: verifiedProcedure.query(({ ctx }) => listOwnApiTokens(ctx.db, ctx.user)),
  create: verifiedProcedure
    .meta({ scope: 'session' })
    .input(apiTokenCreateSchema)
    .mutation(({ ctx, input }) => createApiToken(ctx.db, ctx.user, input)),
  revoke: verifiedProcedure
    .meta({ scope: 'account:write' })
    .input(tokenId)
    .mutation(({ ctx, input }) => revokeApiToken(ctx.db, input.id, ctx.user)),
  list: adminProcedure.query(({ ctx }) => listApiTokens(ctx.db)),
  revokeAny: adminProcedure
    .input(tokenId)
    .mutation(({ ctx, input }) => revokeApiToken(ctx.db, input.id, null)),
});
