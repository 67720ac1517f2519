import { TRPCError } from '@trpc/server';
import { AppError, appErrorCodes, type AppErrorCode } from '@parkside/core';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';

/** The table of codes, checked here, where tRPC's codes are known. */
const codes: Record<AppErrorCode, { trpc: TRPC_ERROR_CODE_KEY; status: number }> = appErrorCodes;

export function toTRPCError(error: AppError): TRPCError {
  return new TRPCError({
    code: codes[error.code].trpc,
    message: error.message,
    cause: error,
  });
}

/** Shown instead of the real message for anything unexpected: internals never reach a client. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

const statusByTrpcCode = new Map<string, number>(
  Object.values(codes).map(({ trpc, status }) => [trpc, status]),
);

/** The HTTP status for any error a procedure may throw (AppError, TRPCError or anything else). */
export function httpStatusOf(error: unknown): number {
  if (error instanceof AppError) return codes[error.code].status;
  if (error instanceof TRPCError) return statusByTrpcCode.get(error.code) ?? 500;
  return 500;
}

/** The seconds a refusal (429, or 503 for a lost write) asks the caller to wait, for `Retry-After`. */
export function retryAfterOf(error: unknown): number | undefined {
  const cause = error instanceof TRPCError ? error.cause : error;
  return cause instanceof AppError ? cause.retryAfterSeconds : undefined;
}

interface Issue {
  message: string;
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
}

function isIssueList(value: unknown): value is { issues: Issue[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { issues?: unknown }).issues)
  );
}

/** Field errors of a failed input validation, keyed by field path ("" for the whole input). */
export function fieldErrorsOf(error: unknown): Record<string, string[]> | undefined {
  const cause = error instanceof TRPCError ? error.cause : error;
  if (!isIssueList(cause)) return undefined;
  const fields: Record<string, string[]> = {};
  for (const issue of cause.issues) {
    const key = (issue.path ?? [])
      .map((part) => String(typeof part === 'object' ? part.key : part))
      .join('.');
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/** A one-line, human message for a failed input validation: "q: Search must be at most ...". */
export function describeFieldErrors(fields: Record<string, string[]>): string {
  return Object.entries(fields)
    .map(([field, messages]) => (field ? `${field}: ${messages[0]}` : messages[0]))
    .join(' ');
}

/**
 * What a client may read of an error: field errors as one readable line, a generic message for
 * anything unexpected, and the error's own message otherwise. Used by the HTTP formatter and by
 * the web app's in-process calls alike.
 */
export function publicMessageOf(error: unknown): string {
  const status = httpStatusOf(error);
  // A service that did not answer (503) says so in our own words; nothing else of a 5xx leaves.
  if (status === 503) {
    const cause = error instanceof TRPCError ? error.cause : error;
    return cause instanceof AppError ? cause.message : INTERNAL_ERROR_MESSAGE;
  }
  if (status >= 500) return INTERNAL_ERROR_MESSAGE;
  const fields = status === 400 ? fieldErrorsOf(error) : undefined;
  if (fields) return describeFieldErrors(fields);
  return error instanceof Error ? error.message : INTERNAL_ERROR_MESSAGE;
}
