import { text } from '@parkside/validators';
import { z } from 'zod';
import { adminProcedure, router } from '../../trpc';
import { createApiToken, listApiTokens, revokeApiToken } from './api-token.service';

export const apiTokenRouter = router({
  list: adminProcedure.query(({ ctx }) => listApiTokens(ctx.db)),
  create: adminProcedure
    .input(
      z.strictObject({
        name: text()
          .trim()
          .min(1, 'Give the token a name.')
          .max(60, 'Name must be at most 60 characters.'),
        scope: z.enum(['storage:read', 'storage:write']),
      }),
    )
    .mutation(({ ctx, input }) => createApiToken(ctx.db, ctx.user, input)),
  revoke: adminProcedure
    .input(z.strictObject({ id: z.uuid() }))
    .mutation(({ ctx, input }) => revokeApiToken(ctx.db, input.id)),
});
