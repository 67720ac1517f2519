import { initTRPC, TRPCError } from '@trpc/server';
import type { Context } from './context';
import { fieldErrorsOf, publicMessageOf, toTRPCError } from './errors';
import { AppError } from '@parkside/core';

const t = initTRPC.context<Context>().create({
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

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Anyone, signed in or not. */
export const publicProcedure = t.procedure.use(appErrors);

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
export const adminProcedure = signedInProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new AppError('FORBIDDEN', ADMIN_REQUIRED_MESSAGE);
  return next();
});

export { TRPCError };
