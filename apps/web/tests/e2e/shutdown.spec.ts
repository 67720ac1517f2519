/**
 * A restart that loses no answer (decision 052): drivers book through kept-alive connections
 * while the production server gets SIGTERM. The server answers what is in flight and what still
 * arrives on those connections, each with `Connection: close`, then exits; so every booking it
 * stored was answered to its driver, and no driver saw a broken connection on a request the
 * server worked on. Asserted by what was answered and stored, never by how long it took.
 */
import { expect, test } from './fixtures';
import { bookings, createDatabase, events, listings } from '@parkside/db';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { freePort, sessionCookie, spawnServer } from './app-servers';
import { createFreshDatabase, type DatabaseEnv } from './fresh-database';

const CLIENTS = 8;

const open = (env: DatabaseEnv) =>
  createDatabase(
    'DATABASE_URL' in env ? { url: env.DATABASE_URL } : { dataDir: env.PGLITE_DATA_DIR },
  );

/** An open listing of the soonest upcoming event, given room for every booking of the test. */
async function roomyListing(env: DatabaseEnv): Promise<string> {
  const handle = await open(env);
  try {
    const [row] = await handle.db
      .select({ id: listings.id })
      .from(listings)
      .innerJoin(events, eq(events.id, listings.eventId))
      .where(and(eq(listings.status, 'open'), gt(events.startsAt, new Date())))
      .orderBy(asc(events.startsAt))
      .limit(1);
    await handle.db
      .update(listings)
      .set({ spacesOffered: 100_000 })
      .where(eq(listings.id, row!.id));
    return row!.id;
  } finally {
    await handle.close();
  }
}

type Outcome =
  | { kind: 'answered'; status: number; id?: string; connection?: string; afterSignal: boolean }
  | { kind: 'broken'; code: string; afterSignal: boolean };

test.describe('SIGTERM under load', () => {
  test.describe.configure({ timeout: 180_000 });

  test('every booking the server stored was answered to its driver', async () => {
    const database = await createFreshDatabase();
    const listingId = await roomyListing(database.env);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const { child, output } = await spawnServer(
      { ...(database.env as Record<string, string>), PUBLIC_URL: base, SHUTDOWN_GRACE_MS: '10000' },
      port,
    );
    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
    const outcomes: Outcome[] = [];
    const keys: string[] = [];
    let signalled = false;
    try {
      const cookie = await sessionCookie(base, 'driver@example.com', 'parkside-driver');
      const book = (key: string) =>
        new Promise<Outcome>((resolve) => {
          const afterSignal = signalled;
          const body = JSON.stringify({
            listingId,
            licensePlate: 'SIG 15',
            vehicleDescription: 'White van',
            idempotencyKey: key,
          });
          const call = request(
            `${base}/api/trpc/booking.create`,
            {
              method: 'POST',
              agent,
              headers: {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(body),
                origin: base,
                cookie,
              },
            },
            (response) => {
              let text = '';
              response.setEncoding('utf8');
              response.on('data', (chunk: string) => (text += chunk));
              response.on('end', () => {
                const parsed = JSON.parse(text) as { result?: { data: { id: string } } };
                resolve({
                  kind: 'answered',
                  status: response.statusCode!,
                  id: parsed.result?.data.id,
                  connection: response.headers.connection,
                  afterSignal,
                });
              });
              response.on('error', (error: NodeJS.ErrnoException) =>
                resolve({ kind: 'broken', code: error.code ?? error.message, afterSignal }),
              );
            },
          );
          call.on('error', (error: NodeJS.ErrnoException) =>
            resolve({ kind: 'broken', code: error.code ?? error.message, afterSignal }),
          );
          call.end(body);
        });

      // Each client books over and over on its kept-alive connection until the server is gone.
      const client = async (c: number) => {
        for (let i = 0; ; i += 1) {
          const key = `sigterm-${c}-${i}`;
          keys.push(key);
          const outcome = await book(key);
          outcomes.push(outcome);
          // A refused connection: the server no longer listens. Nothing was sent to it.
          if (outcome.kind === 'broken' && outcome.code === 'ECONNREFUSED') return;
          if (child.exitCode !== null) return;
        }
      };
      const clients = Array.from({ length: CLIENTS }, (_, c) => client(c));
      await expect
        .poll(() => outcomes.filter((o) => o.kind === 'answered' && o.status === 200).length, {
          timeout: 60_000,
        })
        .toBeGreaterThanOrEqual(40);
      signalled = true;
      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      await Promise.all(clients);
      expect(code).toBe(0);
      expect(output()).toContain('SIGTERM received');
    } finally {
      agent.destroy();
      if (child.exitCode === null) child.kill('SIGKILL');
    }

    try {
      const handle = await open(database.env);
      const stored = await handle.db
        .select({ id: bookings.id })
        .from(bookings)
        .where(inArray(bookings.idempotencyKey, keys));
      await handle.close();
      const answered = outcomes.flatMap((o) =>
        o.kind === 'answered' && o.status === 200 ? [o.id!] : [],
      );
      // The successful answers the drivers saw are exactly the rows stored.
      expect(new Set(stored.map((row) => row.id))).toEqual(new Set(answered));
      expect(stored).toHaveLength(answered.length);
      // No answer but 200: nothing was refused or failed on the way down.
      const statuses = outcomes.flatMap((o) => (o.kind === 'answered' ? [o.status] : []));
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      // The requests in flight when the signal came were answered, closing their connections.
      const closing = outcomes.filter((o) => o.kind === 'answered' && o.connection === 'close');
      expect(closing.length).toBeGreaterThan(0);
      expect(outcomes.filter((o) => o.afterSignal).length).toBeGreaterThan(0);
    } finally {
      await database.drop();
    }
  });
});
