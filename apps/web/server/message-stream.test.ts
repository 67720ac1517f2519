/**
 * The live-message stream over HTTP, on two servers listening on one PostgreSQL database: a
 * message sent through one reaches the other person's stream on the other, with their own
 * unread count and nothing of the message itself; heartbeats flow through compression; the
 * stream ends when the session does; visitors are refused.
 */
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from './demo-data';
import { startMessageStreams } from './message-stream';
import { demoOpenListing, startTestServer, type TestServer } from './test-server';

const serverUrl = process.env.TEST_DATABASE_URL;
let handle: TestDatabase;
const servers: TestServer[] = [];
const stops: (() => Promise<void>)[] = [];

interface Received {
  events: { name: string; data: unknown }[];
  raw: string;
  ended: Promise<void>;
  close(): void;
}

/** Opens the stream with `cookie`; collects its events until closed. */
function openStream(base: string, cookie?: string): Promise<{ status: number } & Received> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/api/messages/stream`,
      { headers: { ...(cookie ? { cookie } : {}), 'accept-encoding': 'gzip, br' } },
      (res) => {
        const received: Received = {
          events: [],
          raw: '',
          ended: new Promise((done) => res.on('close', () => done())),
          close: () => req.destroy(),
        };
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          received.raw += chunk;
          for (const block of chunk.split('\n\n')) {
            const name = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (name) received.events.push({ name, data: data ? JSON.parse(data) : null });
          }
        });
        resolve(Object.assign(received, { status: res.statusCode ?? 0 }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function until(check: () => boolean, what: string, ms = 3_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!serverUrl)('the live-message stream', () => {
  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedDemo(handle.db);
    for (let i = 0; i < 2; i += 1) {
      servers.push(
        await startTestServer(handle.db, async (services) => {
          const live = await startMessageStreams(handle, services);
          stops.push(live!.stop);
          return { messageStreams: live!.streams, messageHeartbeatMs: 200 };
        }),
      );
    }
  }, 60_000);

  afterAll(async () => {
    for (const stop of stops) await stop();
    await Promise.all(servers.map((server) => server.close()));
    await handle?.close();
  });

  it('brings a message sent on one server to the other person’s stream on the other', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const driverCookie = await a.cookieFor('demo-driver');
    const hostOnB = await openStream(b.base, await b.cookieFor('demo-host'));
    expect(hostOnB.status).toBe(200);
    await until(() => hostOnB.events.some((e) => e.name === 'unread'), 'the first count');
    expect(hostOnB.events[0]).toEqual({ name: 'unread', data: { count: 0 } });

    // Book and write as the driver, through server A's API.
    const listingId = await demoOpenListing(handle.db);
    const post = (path: string, body: unknown) =>
      fetch(`${a.base}/api/trpc/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: driverCookie, origin: a.base },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as never }));
    const booked = await post('booking.create', {
      listingId,
      licensePlate: 'SSE 1',
      vehicleDescription: 'Teal Subaru Crosstrek',
      idempotencyKey: randomUUID(),
    });
    expect(booked.status).toBe(200);
    const bookingId = (booked.body as { result: { data: { id: string } } }).result.data.id;
    const sent = await post('message.send', {
      bookingId,
      body: 'Secret gate code 1234',
      clientKey: randomUUID(),
    });
    expect(sent.status).toBe(200);

    await until(
      () =>
        hostOnB.events.some(
          (e) => e.name === 'unread' && (e.data as { count: number }).count === 1,
        ),
      'the host’s new count on server B',
    );
    expect(hostOnB.events.some((e) => e.name === 'message')).toBe(true);
    // Ids and counts only: the message itself is read through the page's own request.
    expect(hostOnB.raw).not.toContain('Secret gate code');
    // Heartbeats arrive uncompressed and unbuffered, though the client accepts compression.
    await until(() => hostOnB.raw.includes(': heartbeat'), 'a heartbeat');
    hostOnB.close();
  });

  it('ends at sign-out, and refuses visitors', async () => {
    const [a] = servers as [TestServer];
    const cookie = await a.cookieFor('demo-driver');
    const stream = await openStream(a.base, cookie);
    expect(stream.status).toBe(200);
    await until(() => stream.events.length > 0, 'the first count');
    const session = await a.services.auth.loadSession(cookie.slice(cookie.indexOf('=') + 1));
    await a.services.auth.sessions.invalidate(session!.session.id);
    await stream.ended;
    expect(stream.events.at(-1)).toEqual({ name: 'end', data: { reason: 'signed-out' } });

    expect((await openStream(a.base)).status).toBe(401);
  });
});
