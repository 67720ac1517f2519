import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, appErrorCodes, describeFieldErrors, fieldErrorsOf, httpStatusOf } from './errors';

describe('error mapping', () => {
  it('gives every application code a tRPC code and an HTTP status', () => {
    expect(httpStatusOf(new AppError('NOT_FOUND', 'x'))).toBe(404);
    expect(httpStatusOf(new AppError('PAYMENT_REQUIRED', 'x'))).toBe(402);
    expect(httpStatusOf(new AppError('TOO_MANY_REQUESTS', 'x'))).toBe(429);
    expect(httpStatusOf(new TRPCError({ code: 'FORBIDDEN' }))).toBe(403);
    expect(httpStatusOf(new Error('boom'))).toBe(500);
    for (const { trpc, status } of Object.values(appErrorCodes)) {
      expect(httpStatusOf(new TRPCError({ code: trpc }))).toBe(status);
    }
  });

  it('turns validation issues into field errors and one readable line', () => {
    const result = z.object({ q: z.string().max(3, 'Too long.') }).safeParse({ q: 'abcd' });
    const fields = fieldErrorsOf(new TRPCError({ code: 'BAD_REQUEST', cause: result.error }));
    expect(fields).toEqual({ q: ['Too long.'] });
    expect(describeFieldErrors(fields!)).toBe('q: Too long.');
  });
});
