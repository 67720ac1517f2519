import { TRPCError } from '@trpc/server';
import type { Request, Response } from 'express';
import { fetchHeadersOf } from './remix-handler';
import { personReads } from './replica-reads';
import { apiContext, type Services } from './services';

/**
 * Who calls the API (/api/trpc and /api/v1): the session's user, or the owner of the API token
 * in `Authorization` with the token's scopes (decision 025).
 */

export const BEARER_MESSAGES = {
  both: 'Send either an API token or the session cookie, not both.',
  malformed: 'Send the API token as "Authorization: Bearer pk_…".',
  invalid: 'This API token is missing, unknown, revoked or expired.',
  rateLimited: (seconds: number) =>
    `This API token has made too many calls this minute. Try again in ${seconds} seconds.`,
} as const;

/**
 * The caller of an `/api/trpc` request that carries `Authorization` (decision 025): the token's
 * owner and scopes. Each procedure of a batch counts against the token's rate limit.
 */
async function bearerCaller(services: Services, req: Request, res: Response, calls: number) {
  if (services.auth.sessions.readToken(req.get('cookie'))) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: BEARER_MESSAGES.both });
  }
  const match = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '');
  if (!match) throw new TRPCError({ code: 'UNAUTHORIZED', message: BEARER_MESSAGES.malformed });
  const result = await services.apiTokens.authenticate(match[1]!, Math.max(calls, 1));
  if (result.status === 'invalid') {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: BEARER_MESSAGES.invalid });
  }
  if (result.status === 'rate-limited') {
    res.setHeader('Retry-After', String(result.retryAfterSeconds));
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: BEARER_MESSAGES.rateLimited(result.retryAfterSeconds),
    });
  }
  return result;
}

/** What the API reads of an HTTP request: its headers and the client's address. */
export function requestOf(req: Request) {
  return { headers: fetchHeadersOf(req), clientIp: req.ip ?? 'unknown' };
}

/** The context of an API call; `calls` procedures count against a token's rate limit. */
export async function callerContext(
  services: Services,
  req: Request,
  res: Response,
  sessionUser: Parameters<typeof apiContext>[2],
  calls: number,
) {
  const request = requestOf(req);
  if (req.get('authorization') === undefined) {
    const reads = personReads(services.replicaRouting, req, res);
    return apiContext(services, request, sessionUser, null, reads);
  }
  const { user, token } = await bearerCaller(services, req, res, calls);
  return apiContext(services, request, user, token);
}
