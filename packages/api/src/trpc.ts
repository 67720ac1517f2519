import { initTRPC, TRPCError } from '@trpc/server';
import type { Context } from './context';
import { fieldErrorsOf, publicMessageOf, toTRPCError } from './errors';
import { AppError } from '@parkside/core';
import { isConnectionLost, RECONNECT_WAIT_MS, waitForDatabase } from '@parkside/db';
import type { ApiTokenScope } from '@parkside/validators';

/** What a procedure declares about itself. */
export interface ProcedureMeta {
  /**
   * The scope an API token needs to call it (decision 025). Queries need `read` unless they say
   * otherwise; every mutation names its scope; `session` means only the site's own session may,
   * never a token (a token cannot mint more tokens).
   */
  scope?: ApiTokenScope | 'session';
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const fieldErrors = error.code === 'BAD_REQUEST' ? fieldErrorsOf(error) : undefined;
      const message = publicMessageOf(error);
      // No stack traces or driver messages leave the server, in any mode.
      const { stack: _stack, ...data } = shape.data;
      return { ...shape, message, data: { ...data, fieldErrors } };
    },
  });

/** Services throw AppError; this turns it into the matching tRPC error. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    throw toTRPCError(result.error.cause);
  }
  return result;
});

export const SESSION_ONLY_MESSAGE =
  'API tokens cannot do this: sign in to Parkside in a browser to do it.';
export const missingScopeMessage = (scope: ApiTokenScope) =>
  `This API token lacks the "${scope}" scope.`;

/**
 * A call made with an API token may do only what the token's scopes allow, on top of what its
 * owner may do (the guards below still apply to the owner). Session calls pass untouched.
 */
const tokenScopes = t.middleware(({ ctx, meta, type, next }) => {
  if (!ctx.token) return next();
  const needed = meta?.scope ?? (type === 'query' ? 'read' : 'session');
  if (needed === 'session') throw new AppError('FORBIDDEN', SESSION_ONLY_MESSAGE);
  if (!ctx.token.scopes.includes(needed)) {
    throw new AppError('FORBIDDEN', missingScopeMessage(needed));
  }
  return next();
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Anyone, signed in or not. */
/**
 * A query whose database connection was cut (a killed backend, a failover) runs again on a fresh
 * connection once the database answers, for up to three seconds after the first failure: the
 * caller sees nothing. Queries
 * only read; a mutation is never run twice, as the first may have been committed.
 */
const retryLostReads = t.middleware(async ({ ctx, type, next }) => {
  if (type !== 'query') return next();
  let deadline: number | undefined;
  for (;;) {
    const result = await next();
    if (result.ok || !isConnectionLost(result.error)) return result;
    deadline ??= Date.now() + RECONNECT_WAIT_MS;
    const left = deadline - Date.now();
    if (left <= 0 || !(await waitForDatabase(ctx.db, left))) return result;
  }
});

export const publicProcedure = t.procedure.use(retryLostReads).use(appErrors).use(tokenScopes);

/** Messages the guards answer with; the web pages show the same words. */
export const SIGN_IN_REQUIRED_MESSAGE = 'Please sign in to continue.';
export const VERIFICATION_REQUIRED_MESSAGE =
  'Please verify your email address to access this feature...';
export const ADMIN_REQUIRED_MESSAGE = 'Only Parkside admins can do that.';

/** A signed-in user (401 otherwise). */
export const signedInProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new AppError('UNAUTHORIZED', SIGN_IN_REQUIRED_MESSAGE);
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** A signed-in user whose e-mail is verified (403 otherwise). */
export const verifiedProcedure = signedInProcedure.use(({ ctx, next }) => {
  if (!ctx.user.emailVerified) throw new AppError('FORBIDDEN', VERIFICATION_REQUIRED_MESSAGE);
  return next();
});

/** An admin: the e-mail is listed in `admins` (403 otherwise, whatever the page showed). */
export const adminProcedure = signedInProcedure.meta({ scope: 'admin' }).use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new AppError('FORBIDDEN', ADMIN_REQUIRED_MESSAGE);
  return next();
});

export { TRPCError };
