/**
 * Which of a request's reads may go to a replica (decision 070). Reads that may be a moment old
 * (procedures marked `reads: 'replica'`) go to a replica that has what the reader must see:
 *
 * - a signed-in person's pages, and calls of /api/trpc and /api/v1 with the session cookie or
 *   none: everything up to the person's own last write, whose WAL position the cookie
 *   `parkside_wal` carries from the answer of that write, across servers;
 * - what may be kept until the next change (shared parts, and every signed-out page, which may be
 *   kept whole): everything up to the last change this server heard of, so nothing stale is kept;
 * - an API token: the primary always (tools have no cookie to carry their position).
 *
 * Writes, locks, LISTEN and session checks never go anywhere but the primary.
 */
import { formatLsn, lsnOrNull, type ReplicaSet } from '@parkside/db';
import type { ContextOptions } from '@parkside/api';
import type { Request, Response } from 'express';

export const WAL_COOKIE = 'parkside_wal';

/** What a request's API context needs to read replicas: nothing when there are none. */
export type ReplicaReads = Pick<ContextOptions, 'replica' | 'onWrite'>;

function cookieValue(header: string | undefined, name: string): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(header ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

/**
 * The cookie lives as long as a replica may lag and a little more: by then every replica still
 * in use has replayed the write, so the person's reads may go anywhere again.
 */
function walCookie(lsn: bigint, maxLagMs: number, secure: boolean): string {
  const maxAge = Math.ceil(maxLagMs / 1000) + 5;
  return `${WAL_COOKIE}=${encodeURIComponent(formatLsn(lsn))}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export interface ReplicaRouting {
  replicas: ReplicaSet | null;
  maxLagMs: number;
  secureCookies: boolean;
}

/**
 * A person's reads: a replica that has their last write; their writes move the mark on. With
 * `kept`, for what is kept of the person's own pages: a replica that also has the last change
 * this server heard of.
 */
export function personReads(
  routing: ReplicaRouting,
  req: Request,
  res: Response,
  { kept = false } = {},
): ReplicaReads {
  const { replicas } = routing;
  if (!replicas) return {};
  let seen = lsnOrNull(cookieValue(req.get('cookie'), WAL_COOKIE));
  return {
    replica: () => replicas.pick(seen, { afterLastChange: kept }),
    onWrite: async () => {
      let lsn: bigint;
      try {
        lsn = await replicas.primaryLsn();
      } catch {
        // Where it committed is unknown: a position no replica has sends this person's reads
        // to the primary for as long as the cookie lives.
        lsn = (1n << 63n) - 1n;
      }
      if (seen === null || lsn > seen) seen = lsn;
      if (!res.headersSent)
        res.append('Set-Cookie', walCookie(seen, routing.maxLagMs, routing.secureCookies));
    },
  };
}

/** Reads for what is kept until the next change: a replica that has that change. */
export function keptReads(routing: ReplicaRouting): ReplicaReads {
  const { replicas } = routing;
  if (!replicas) return {};
  return { replica: () => replicas.pick(null, { afterLastChange: true }) };
}
