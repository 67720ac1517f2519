import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  describeFieldErrors,
  fieldErrorsOf,
  httpStatusOf,
  INTERNAL_ERROR_MESSAGE,
  publicMessageOf,
} from './errors';
import { AppError, appErrorCodes } from '@parkside/core';

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

describe('publicMessageOf', () => {
  it('never shows the internals of an unexpected error', () => {
    expect(publicMessageOf(new Error('relation "users" does not exist'))).toBe(
      INTERNAL_ERROR_MESSAGE,
    );
    expect(
      publicMessageOf(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'db down' })),
    ).toBe(INTERNAL_ERROR_MESSAGE);
  });

  it('keeps the message of an expected refusal', () => {
    expect(publicMessageOf(new AppError('NOT_FOUND', 'Event not found.'))).toBe('Event not found.');
  });
});
