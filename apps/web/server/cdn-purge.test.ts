/**
 * Purges of the shared cache on a change (decisions 069, 070): every server hears the same
 * notification and one of them purges, at the end of the change's quarter-second window and once
 * more a second later; a change in a later window is purged again; a purge the cache refuses is
 * left to the queue. The cache here answers PURGE as deploy/varnish's VCL does; the real Varnish
 * is in tests/e2e/shared-cache.spec.ts.
 */
import { varnishPurger } from '@parkside/cdn';
import { jobs } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { eq } from 'drizzle-orm';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURGE_WINDOW_MS, purgeOnChange, SETTLE_PURGE_MS } from './cdn';

let handle: TestDatabase;
let cache: Server;
let url: string;
let refusing = false;
const purges: { at: number; keys: string }[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  cache = createServer((req, res) => {
    if (req.method !== 'PURGE') return void res.writeHead(405).end();
    if (refusing) return void res.writeHead(503).end('Backend fetch failed');
    purges.push({ at: Date.now(), keys: String(req.headers['xkey-purge']) });
    res.writeHead(200, { 'content-type': 'text/plain' }).end('Purged 1 objects.');
  });
  await new Promise<void>((resolve) => cache.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(cache.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => cache.close(resolve));
  await handle?.close();
});

const eventId = '6f1c1a36-5a39-4f7e-9a57-2f8c1f0d2a11';
const purgeJobs = () => handle.db.select().from(jobs).where(eq(jobs.task, 'cdn.purge'));

describe('purging the shared cache on a change', () => {
  it('purges once for every server that heard it, at the window’s end, and again a second later', async () => {
    const counted: string[] = [];
    const servers = [0, 1, 2].map(() =>
      purgeOnChange(handle.db, varnishPurger([url]), (outcome) => counted.push(outcome)),
    );
    const heardAt = Date.now();
    await Promise.all(servers.map((purge) => purge(eventId)));
    expect(purges.map((purge) => purge.keys)).toEqual([
      `ps-event-${eventId}`,
      `ps-event-${eventId}`,
    ]);
    const [first, second] = [purges[0]!, purges[1]!];
    // Not before the window's end (every change of the window is committed by then).
    expect(first.at).toBeGreaterThanOrEqual(
      Math.ceil((heardAt + 1) / PURGE_WINDOW_MS) * PURGE_WINDOW_MS - 5,
    );
    expect(first.at - heardAt).toBeLessThan(PURGE_WINDOW_MS + 200);
    expect(second.at - first.at).toBeGreaterThanOrEqual(SETTLE_PURGE_MS - 5);
    expect(counted).toEqual(['ok', 'ok']);
    const rows = await purgeJobs();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('purges a change heard just after a purge again, though a purge went out a moment ago', async () => {
    purges.length = 0;
    const purge = purgeOnChange(handle.db, varnishPurger([url]));
    const first = purge(eventId);
    while (purges.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const firstAt = purges[0]!.at;
    await purge(eventId);
    await first;
    const ats = purges.map((p) => p.at).sort((a, b) => a - b);
    expect(ats).toHaveLength(4);
    // The later change's own purge, after the first one: not folded into it.
    expect(ats.filter((at) => at > firstAt && at < firstAt + SETTLE_PURGE_MS - 100)).toHaveLength(
      1,
    );
  });

  it('leaves a purge the cache refused to the queue', async () => {
    purges.length = 0;
    await handle.db.delete(jobs);
    refusing = true;
    const counted: string[] = [];
    try {
      await purgeOnChange(handle.db, varnishPurger([url]), (outcome) => counted.push(outcome))(
        'events',
      );
    } finally {
      refusing = false;
    }
    expect(counted).toEqual(['failed']);
    const [row] = await purgeJobs();
    expect(row).toMatchObject({ status: 'pending', payload: { keys: ['ps-events'] } });
    // Due a few seconds on, for any server's queue.
    expect(row!.runAt.getTime()).toBeGreaterThan(Date.now() + 2000);
  });
});
