/**
 * Reads on a streaming replica (decision 070), against a real primary and a real replica made
 * with pg_basebackup: a replica is picked only once it has what the read must see, a paused or
 * stopped one is skipped, and its lag is read against the primary's own position.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from './client';
import { createReplicaSet, formatLsn, parseLsn, type ReplicaSet } from './replicas';
import {
  replicationUnavailableReason,
  startReplicatedPair,
  type ReplicatedPair,
} from './replication-testing';

const unavailable = replicationUnavailableReason();
if (unavailable) console.info(`Replica tests skipped: ${unavailable}.`);

describe('WAL positions', () => {
  it('read and write as PostgreSQL does', () => {
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(formatLsn(parseLsn('0/3000148'))).toBe('0/3000148');
    expect(() => parseLsn('16-B374')).toThrow();
  });
});

describe.skipIf(unavailable)('a replica set', () => {
  let pair: ReplicatedPair;
  let primary: DatabaseHandle;
  let replicas: ReplicaSet;
  const poll = () => new Promise((resolve) => setTimeout(resolve, 200));
  const until = async (check: () => boolean, withinMs = 5000) => {
    const deadline = Date.now() + withinMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('not within time');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const countOn = async (db: DatabaseHandle['db']) =>
    Number(
      (
        (await db.execute(sql`select count(*)::int as n from spots`)) as unknown as { n: number }[]
      )[0]!.n,
    );

  beforeAll(async () => {
    pair = await startReplicatedPair();
    primary = await createDatabase({ url: pair.primaryUrl, maxConnections: 2 });
    await primary.db.execute(sql`create table spots (id serial primary key)`);
    await pair.caughtUp();
    replicas = createReplicaSet({
      primary: primary.db,
      urls: [pair.replicaUrl],
      maxLagMs: 1500,
      pollMs: 50,
    });
    await replicas.ready();
  }, 120_000);

  afterAll(async () => {
    await replicas?.close();
    await primary?.close();
    await pair?.close();
  });

  it('reads a write on the primary until the replica has replayed it', async () => {
    expect(replicas.status()).toEqual([
      expect.objectContaining({
        state: 'in use',
        name: expect.stringMatching(/^127\.0\.0\.1:\d+\/postgres$/),
      }),
    ]);
    await pair.pauseReplay();
    await primary.db.execute(sql`insert into spots default values`);
    const written = await replicas.primaryLsn();
    await poll();
    // Whoever wrote reads the primary; anyone else may read the replica, a moment old.
    expect(replicas.pick(written)).toBeNull();
    const other = replicas.pick(null);
    expect(other).not.toBeNull();
    expect(await countOn(other!.db)).toBe(0);

    await pair.resumeReplay();
    await until(() => replicas.pick(written) !== null);
    expect(await countOn(replicas.pick(written)!.db)).toBe(1);
  });

  it('skips a replica that lags past the bound, and reads it again once it catches up', async () => {
    await pair.pauseReplay();
    await primary.db.execute(sql`insert into spots default values`);
    await until(() => replicas.status()[0]!.state === 'lagging');
    expect(replicas.status()[0]!.lagMs).toBeGreaterThan(1500);
    expect(replicas.pick(null)).toBeNull();
    await pair.resumeReplay();
    await until(() => replicas.status()[0]!.state === 'in use');
    expect(replicas.status()[0]!.lagMs).toBeLessThan(1500);
  });

  it('keeps kept reads on the primary after a change until the replica has it', async () => {
    await pair.pauseReplay();
    await primary.db.execute(sql`insert into spots default values`);
    replicas.noteChange();
    await poll();
    expect(replicas.pick(null, { afterLastChange: true })).toBeNull();
    await pair.resumeReplay();
    await until(() => replicas.pick(null, { afterLastChange: true }) !== null);
  });

  it('skips a stopped replica without an error, and uses it again when it is back', async () => {
    await pair.stopReplica();
    await until(() => replicas.status()[0]!.state === 'down');
    expect(replicas.pick(null)).toBeNull();
    await pair.startReplica();
    await until(() => replicas.status()[0]!.state === 'in use', 10_000);
    expect(await countOn(replicas.pick(null)!.db)).toBe(3);
  });
});
