/**
 * Reads on streaming replicas (decision 070). A replica is used for a read only when it has
 * replayed what that read must see: a person's own last write (an LSN the server keeps with
 * them), or for what is kept until the next change, the change this server last heard of. A
 * replica that lags past a bound or does not answer is skipped; the primary answers instead.
 *
 * Each replica's replay position is polled a few times a second against the primary's WAL
 * position, sampled in the same beat; its lag is how long ago the primary was where the replica
 * is now, so an idle primary never makes a healthy replica look late.
 */
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Database } from './client';
import { postgresOptions } from './client';
import * as schema from './schema';

/** A WAL position, `16/B374D848` as PostgreSQL writes it, as one number. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text.trim());
  if (!match) throw new Error(`Not a WAL position: ${text}`);
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

/** The other way: a number as PostgreSQL writes a WAL position. */
export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

/** `parseLsn` for text from outside (a cookie): null instead of an error. */
export function lsnOrNull(text: string | undefined | null): bigint | null {
  if (!text) return null;
  try {
    return parseLsn(text);
  } catch {
    return null;
  }
}

export type ReplicaState = 'in use' | 'lagging' | 'down' | 'starting';

export interface ReplicaStatus {
  /** Host, port and database: never the user or password. */
  name: string;
  state: ReplicaState;
  /** How far behind the primary, when it answers. */
  lagMs: number | null;
  replayLsn: string | null;
}

/** A replica picked for one read; `lost()` when its connection failed, so it is skipped. */
export interface ReplicaChoice {
  db: Database;
  name: string;
  lost(): void;
}

export interface ReplicaSet {
  /**
   * A replica fit for a read that must see everything up to `atLeast` (a person's last write),
   * and with `afterLastChange` the last change this server heard of (what is kept until the
   * next change). Replicas are taken in turn; null: read the primary.
   */
  pick(atLeast?: bigint | null, options?: { afterLastChange?: boolean }): ReplicaChoice | null;
  /** A change was heard of (a notification): reads of kept things wait for a replica to have it. */
  noteChange(): void;
  /** The primary's WAL position now: after a write, at least where that write committed. */
  primaryLsn(): Promise<bigint>;
  status(): ReplicaStatus[];
  /** Resolves once every replica has been asked once (the first poll). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface ReplicaSetOptions {
  primary: Database;
  urls: readonly string[];
  /** A replica further behind than this is skipped. */
  maxLagMs: number;
  /** How often positions are read. */
  pollMs?: number;
  /** Pooled connections per replica. */
  maxConnections?: number;
  /** A replica that has not answered a poll within this is down. */
  answerWithinMs?: number;
}

/** `postgres://user:secret@db-2:5433/parkside` names itself `db-2:5433/parkside`. */
export function replicaName(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'replica';
  }
}

interface Sample {
  at: number;
  lsn: bigint;
}

interface Replica {
  name: string;
  client: postgres.Sql;
  db: Database;
  state: ReplicaState;
  replay: bigint | null;
  lagMs: number | null;
}

const currentLsn = sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`;

/** Rows of a raw `execute`, whichever driver answered. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function createReplicaSet(options: ReplicaSetOptions): ReplicaSet {
  const pollMs = options.pollMs ?? 200;
  const answerWithinMs = options.answerWithinMs ?? 1000;
  // Samples are kept for as long as a lag could still be within the bound, and a little more.
  const keepSamplesMs = Math.max(options.maxLagMs * 2, 10_000);
  const replicas: Replica[] = options.urls.map((url) => {
    const client = postgres(url, {
      ...postgresOptions(options.maxConnections ?? 5, 'parkside-replica-reads'),
      connect_timeout: 2,
    });
    return {
      name: replicaName(url),
      client,
      db: drizzlePostgres(client, { schema }) as unknown as Database,
      state: 'starting',
      replay: null,
      lagMs: null,
    };
  });
  const samples: Sample[] = [];
  let turn = 0;
  let closed = false;
  /** The primary's position after the last change heard of; null while it is being read. */
  let changeFloor: bigint | null = 0n;
  let changesHeard = 0;

  const primaryLsn = async () =>
    parseLsn(rowsOf<{ lsn: string }>(await options.primary.execute(currentLsn))[0]!.lsn);

  const lagOf = (replay: bigint, now: number): number => {
    const newest = samples.at(-1);
    if (!newest || replay >= newest.lsn) return 0;
    // The newest moment the primary was no further than the replica is now.
    for (let i = samples.length - 1; i >= 0; i -= 1) {
      if (samples[i]!.lsn <= replay) return now - samples[i]!.at;
    }
    return now - samples[0]!.at;
  };

  const pollReplica = async (replica: Replica) => {
    try {
      const [row] = rowsOf<{ replay: string | null }>(
        await within(
          replica.db.execute(sql`select pg_last_wal_replay_lsn()::text as replay`),
          answerWithinMs,
        ),
      );
      // Not in recovery (a promoted replica): it is no replica any more.
      if (!row?.replay) throw new Error('not a replica');
      replica.replay = parseLsn(row.replay);
      replica.lagMs = lagOf(replica.replay, Date.now());
      replica.state = replica.lagMs <= options.maxLagMs ? 'in use' : 'lagging';
    } catch {
      replica.state = 'down';
      replica.lagMs = null;
    }
  };

  const poll = async () => {
    try {
      const heardBefore = changesHeard;
      const lsn = await within(primaryLsn(), answerWithinMs);
      const now = Date.now();
      samples.push({ at: now, lsn });
      // Asked after every change heard so far: the position kept things must be read at.
      if (changeFloor === null && heardBefore === changesHeard) changeFloor = lsn;
      while (samples.length > 2 && samples[0]!.at < now - keepSamplesMs) samples.shift();
    } catch {
      // The primary did not answer: the positions of the replicas still tell if they answer.
    }
    await Promise.all(replicas.map(pollReplica));
  };

  const firstPoll = poll();
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => void poll().finally(schedule), pollMs);
    timer.unref();
  };
  void firstPoll.finally(schedule);

  return {
    pick(atLeast = null, { afterLastChange = false } = {}) {
      if (afterLastChange && changeFloor === null) return null;
      let floor = atLeast ?? 0n;
      if (afterLastChange && changeFloor! > floor) floor = changeFloor!;
      for (let tried = 0; tried < replicas.length; tried += 1) {
        const replica = replicas[(turn = (turn + 1) % replicas.length)]!;
        if (replica.state !== 'in use' || replica.replay === null || replica.replay < floor) {
          continue;
        }
        return {
          db: replica.db,
          name: replica.name,
          lost: () => {
            replica.state = 'down';
          },
        };
      }
      return null;
    },
    noteChange() {
      // The next poll's sample of the primary, asked after this, becomes the floor: no query
      // of its own, however many changes a game day brings.
      changesHeard += 1;
      changeFloor = null;
    },
    primaryLsn,
    status: () =>
      replicas.map((replica) => ({
        name: replica.name,
        state: replica.state,
        lagMs: replica.lagMs,
        replayLsn: replica.replay === null ? null : formatLsn(replica.replay),
      })),
    ready: () => firstPoll,
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await Promise.all(replicas.map((replica) => replica.client.end({ timeout: 2 })));
    },
  };
}
