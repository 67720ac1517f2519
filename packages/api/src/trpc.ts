import { initTRPC, TRPCError } from '@trpc/server';
import type { Context } from './context';
import { AppError, fieldErrorsOf, publicMessageOf, toTRPCError } from './errors';

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

export { TRPCError };
