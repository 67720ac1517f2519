/**
 * A PostgreSQL primary and a streaming replica of it, made from the PostgreSQL programs on this
 * machine for tests and the benchmark (decision 070): `initdb`, `pg_basebackup -R` and two
 * servers on free loopback ports, stopped and deleted by `close()`. As root, the servers run as
 * the `postgres` user (PostgreSQL refuses root), in a folder under the system's temporary one.
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';

const run = promisify(execFile);

/** Where the PostgreSQL programs are: `PG_BIN`, else the newest of Debian's, else null. */
export function postgresPrograms(): string | null {
  const wanted = ['initdb', 'pg_ctl', 'pg_basebackup', 'postgres'];
  const candidates = process.env.PG_BIN
    ? [process.env.PG_BIN]
    : existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .filter((version) => /^\d+$/.test(version))
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => `/usr/lib/postgresql/${version}/bin`)
      : [];
  return candidates.find((dir) => wanted.every((name) => existsSync(join(dir, name)))) ?? null;
}

/** Why replica tests cannot run here, or null when they can. */
export function replicationUnavailableReason(): string | null {
  if (process.platform === 'win32') return 'the replica tests start PostgreSQL servers on Linux';
  if (!postgresPrograms()) {
    return "no PostgreSQL programs (initdb, pg_ctl, pg_basebackup): install Debian's postgresql package or set PG_BIN";
  }
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ReplicatedPair {
  /** The primary's `postgres` database; make others with `createDatabase`. */
  primaryUrl: string;
  /** The same database on the replica. */
  replicaUrl: string;
  /** `primaryUrl` or `replicaUrl` for another database of the pair. */
  urlOf(which: 'primary' | 'replica', database: string): string;
  /** Stops applying the primary's changes (they still arrive), until `resumeReplay`. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Resolves once the replica has replayed everything the primary has written. */
  caughtUp(withinMs?: number): Promise<void>;
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a primary and a replica of it; throws with the reason when this machine cannot. */
export async function startReplicatedPair(): Promise<ReplicatedPair> {
  const reason = replicationUnavailableReason();
  if (reason) throw new Error(`Cannot start a replica: ${reason}.`);
  const bin = postgresPrograms()!;
  const asRoot = process.getuid?.() === 0;
  const base = mkdtempSync(join(tmpdir(), 'parkside-replication-'));
  chmodSync(base, 0o755);
  if (asRoot) await run('chown', ['postgres:postgres', base]);
  const pg = async (program: string, args: string[]) => {
    const [file, full] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]]
      : [join(bin, program), args];
    try {
      await run(file, full, { cwd: base, timeout: 60_000 });
    } catch (error) {
      const { stderr, message } = error as { stderr?: string; message: string };
      throw new Error(`${program} failed: ${stderr?.trim() || message}`);
    }
  };
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primaryDir = join(base, 'primary');
  const replicaDir = join(base, 'replica');
  const serverOptions = (port: number) =>
    `-p ${port} -k ${base} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = (dir: string, port: number) =>
    pg('pg_ctl', ['-D', dir, '-l', `${dir}.log`, '-o', serverOptions(port), '-w', 'start']);
  const stop = (dir: string) => pg('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']);

  let started: string[] = [];
  const close = async () => {
    for (const dir of started.reverse()) await stop(dir).catch(() => {});
    started = [];
    rmSync(base, { recursive: true, force: true });
  };
  try {
    // initdb's pg_hba.conf lets loopback replication connections in with --auth=trust.
    await pg('initdb', [
      '-D',
      primaryDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    await start(primaryDir, primaryPort);
    started.push(primaryDir);
    await pg('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      '--checkpoint=fast',
      '--no-sync',
    ]);
    await start(replicaDir, replicaPort);
    started.push(replicaDir);
  } catch (error) {
    await close();
    throw error;
  }

  const urlOf = (which: 'primary' | 'replica', database: string) =>
    `postgres://postgres@127.0.0.1:${which === 'primary' ? primaryPort : replicaPort}/${database}`;
  const onReplica = async <T>(query: (sql: postgres.Sql) => Promise<T>) => {
    const sql = postgres(urlOf('replica', 'postgres'), { max: 1, onnotice: () => {} });
    try {
      return await query(sql);
    } finally {
      await sql.end({ timeout: 2 });
    }
  };
  return {
    primaryUrl: urlOf('primary', 'postgres'),
    replicaUrl: urlOf('replica', 'postgres'),
    urlOf,
    pauseReplay: () => onReplica((sql) => sql`select pg_wal_replay_pause()`).then(() => {}),
    resumeReplay: () => onReplica((sql) => sql`select pg_wal_replay_resume()`).then(() => {}),
    caughtUp: async (withinMs = 10_000) => {
      const primary = postgres(urlOf('primary', 'postgres'), { max: 1, onnotice: () => {} });
      try {
        const rows = await primary<{ lsn: string }[]>`select pg_current_wal_lsn()::text as lsn`;
        const lsn = rows[0]!.lsn;
        const deadline = Date.now() + withinMs;
        for (;;) {
          const replayed = await onReplica(
            (sql) =>
              sql<{ done: boolean }[]>`select pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn as done`,
          );
          if (replayed[0]!.done) return;
          if (Date.now() > deadline) throw new Error(`The replica did not reach ${lsn}.`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      } finally {
        await primary.end({ timeout: 2 });
      }
    },
    stopReplica: async () => {
      await stop(replicaDir);
      started = started.filter((dir) => dir !== replicaDir);
    },
    startReplica: async () => {
      await start(replicaDir, replicaPort);
      started.push(replicaDir);
    },
    close,
  };
}
