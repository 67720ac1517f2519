import { initTRPC, TRPCError } from '@trpc/server';
import type { Context } from './context';
import { fieldErrorsOf, publicMessageOf, toTRPCError } from './errors';
import { AppError } from '@parkside/core';
import { isConnectionLost, RECONNECT_WAIT_MS, waitForDatabase } from '@parkside/db';
import type { ApiTokenScope } from '@parkside/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';

/** What a procedure declares about itself. */
export interface ProcedureMeta {
  /**
   * The scope an API token needs to call it (decision 025). Queries need `read` unless they say
   * otherwise; every mutation names its scope; `session` means only the site's own session may,
   * never a token (a token cannot mint more tokens).
   */
  scope?: ApiTokenScope | 'session';
  /**
   * A mutation that may run again whole after its connection was cut, even if the first run
   * committed: a second run answers what the first did (an idempotency key, or a change that
   * finds itself already made).
   */
  rerunnable?: boolean;
  /**
   * `replica`: a query whose answer may be a moment old (event lists, search, listings of an
   * event, admin figures) may read a streaming replica that has what its caller must see
   * (decision 070). Nothing it reads is locked or written.
   */
  reads?: 'replica';
  /** A path of the described HTTP API (/api/v1, decision 067); only its procedures have one. */
  openapi?: OpenApiMeta['openapi'];
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

/** What a write caught by a cut connection answers when it cannot know whether it was saved. */
export const LOST_WRITE_MESSAGE =
  'Our connection to the database dropped while saving this. Please try again in a moment: if it was saved, trying again shows it rather than doing it twice.';
export const LOST_WRITE_RETRY_SECONDS = 1;

/**
 * A database connection cut under a procedure (a killed backend, a failover) is never a 500
 * (decisions 026 and 052). A query, or a mutation marked `rerunnable`, runs again on a fresh
 * connection once the database answers, for up to three seconds after the first failure: the
 * caller sees nothing. Any other mutation may have been committed, so it is not run again: it
 * answers 503 with `Retry-After`, and the caller's retry (with the same key) finds what happened.
 * A read whose database stays away that long answers the same 503.
 */
const survivesLostConnections = t.middleware(async ({ ctx, type, meta, next }) => {
  const rerun = type === 'query' || meta?.rerunnable === true;
  let deadline: number | undefined;
  for (;;) {
    const result = await next();
    if (result.ok || !isConnectionLost(result.error)) return result;
    deadline ??= Date.now() + RECONNECT_WAIT_MS;
    const left = deadline - Date.now();
    if (rerun && left > 0 && (await waitForDatabase(ctx.db, left))) continue;
    throw toTRPCError(
      new AppError('UNAVAILABLE', LOST_WRITE_MESSAGE, {
        cause: result.error,
        retryAfterSeconds: LOST_WRITE_RETRY_SECONDS,
      }),
    );
  }
});

/**
 * Where reads go and what a write leaves behind (decision 070). A query marked `reads: 'replica'`
 * reads the replica the context offers, if any; a replica whose connection fails under it is
 * skipped from then on, and the query runs again on the primary, so a stopped replica costs no
 * request. After a mutation, the context hears of it, to send the caller's next reads to the
 * primary until a replica has replayed it.
 */
const readsAndWrites = t.middleware(async ({ ctx, type, meta, next }) => {
  if (type === 'mutation') {
    const result = await next();
    // Committed already: a failure to note it must not turn it into an error.
    if (result.ok && ctx.onWrite) await ctx.onWrite().catch(() => {});
    return result;
  }
  const replica = meta?.reads === 'replica' ? ctx.replica() : null;
  if (!replica) return next();
  const result = await next({ ctx: { db: replica.db } });
  if (result.ok || !replicaFailed(result.error)) return result;
  replica.lost();
  return next();
});

/** A lost connection, or a read cancelled by the replica's own replay (40001, 57014). */
function replicaFailed(error: unknown): boolean {
  if (isConnectionLost(error)) return true;
  for (let current = error, depth = 0; current && depth < 6; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (code === '40001' || code === '57014') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Anyone, signed in or not. */
export const publicProcedure = t.procedure
  .use(survivesLostConnections)
  .use(appErrors)
  .use(tokenScopes)
  .use(readsAndWrites);

/** A public read that a replica may answer (decision 070): pages anyone sees, such as /rent. */
export const replicaReadProcedure = publicProcedure.meta({ reads: 'replica' });

/** Messages the guards answer with; the web pages show the same words. */
export const SIGN_IN_REQUIRED_MESSAGE = 'Please sign in to continue.';
export const VERIFICATION_REQUIRED_MESSAGE =
  'Please verify your email address to access this feature...';
export const ADMIN_REQUIRED_MESSAGE = 'Only Parkside admins can do that.';

/**
 * A path of the described HTTP API (decision 067): it calls one procedure of `appRouter` through
 * a caller, and that procedure checks who may call it, the token's scopes and lost connections.
 */
export const httpProcedure = t.procedure.use(appErrors).use(({ ctx, meta, next }) => {
  // Who calls is checked before the input, as the called procedures do: a tool without a
  // token hears 401, not what is wrong with its body.
  if (meta?.openapi?.protect !== false && !ctx.user) {
    throw new AppError('UNAUTHORIZED', SIGN_IN_REQUIRED_MESSAGE);
  }
  return next();
});

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
