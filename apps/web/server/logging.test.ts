/**
 * The request and job log (decision 037): one JSON line per request and per job attempt, with
 * the request id sent back, the route pattern and the user id; and none of what people typed or
 * what signs them in, checked by grepping a whole run's log for the values it used.
 */
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from './demo-data';
import { createLogger, routePatterns } from './logging';
import { demoOpenListing, startTestServer, type TestServer } from './test-server';

let handle: TestDatabase;
let server: TestServer;
const lines: string[] = [];
const log = createLogger({
  mode: 'production',
  destination: new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  }),
});

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDemo(handle.db);
  server = await startTestServer(handle.db, async () => ({ logger: log }), {}, log);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await handle?.close();
});

const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('the log', () => {
  it('writes one line per request and per job, and nothing a person typed or signs in with', async () => {
    const cookie = await server.cookieFor('demo-driver');
    const token = cookie.slice(cookie.indexOf('=') + 1);
    const plate = 'LOGS 42X';
    const vehicle = 'Mauve Volvo 240 wagon';
    const secret = `Gate code ${randomUUID().slice(0, 8)}`;
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.base}/api/trpc/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: server.base, ...headers },
        body: JSON.stringify(body),
      });

    const booked = await post(
      'booking.create',
      {
        listingId: await demoOpenListing(handle.db),
        licensePlate: plate,
        vehicleDescription: vehicle,
        idempotencyKey: randomUUID(),
      },
      { 'x-request-id': 'proxy-given-id-0001' },
    );
    expect(booked.status).toBe(200);
    // The proxy's id is kept and sent back; without one, the server makes one.
    expect(booked.headers.get('x-request-id')).toBe('proxy-given-id-0001');
    const bookingId = ((await booked.json()) as { result: { data: { id: string } } }).result.data
      .id;
    expect(
      (await post('message.send', { bookingId, body: secret, clientKey: randomUUID() })).status,
    ).toBe(200);
    const missing = await fetch(
      `${server.base}/api/trpc/event.byId?input=${encodeURIComponent(
        JSON.stringify({ id: randomUUID() }),
      )}`,
    );
    expect(missing.status).toBe(404);
    const made = missing.headers.get('x-request-id')!;
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    // The confirmation e-mails go out as jobs.
    await server.services.jobs.runOnce();

    // A line is written once its response is finished: wait for the last one.
    await expect.poll(() => entries().some((e) => e.requestId === made)).toBe(true);
    const requests = entries().filter((e) => e.msg === 'request');
    expect(requests.find((e) => e.requestId === 'proxy-given-id-0001')).toMatchObject({
      method: 'POST',
      route: '/api/trpc/booking.create',
      status: 200,
      userId: 'demo-driver',
      durationMs: expect.any(Number),
    });
    expect(requests.find((e) => e.requestId === made)).toMatchObject({
      method: 'GET',
      route: '/api/trpc/event.byId',
      status: 404,
      userId: null,
    });
    expect(entries().filter((e) => e.msg === 'job' && e.ok === true).length).toBeGreaterThan(0);

    const whole = lines.join('\n');
    const driver = await server.services.auth.loadSession(token);
    for (const value of [plate, vehicle, secret, token, driver!.user!.email]) {
      expect(whole).not.toContain(value);
    }
  });

  it('labels requests by route pattern, never by the raw path', async () => {
    const response = await fetch(`${server.base}/api/trpc/no.such.procedure,event.list?batch=1`);
    const id = response.headers.get('x-request-id');
    await expect
      .poll(() => entries().find((e) => e.requestId === id)?.route)
      .toBe('/api/trpc/:unknown,event.list');
  });
});

describe('route patterns', () => {
  it('names pages and their data requests by the route, never by the path', () => {
    const routes = routePatterns(['event.list']);
    routes.useBuild({
      routes: {
        root: { id: 'root', path: '' },
        'routes/_index': { id: 'routes/_index', parentId: 'root', index: true },
        'routes/rent': { id: 'routes/rent', parentId: 'root', path: 'rent' },
        'routes/rent_.$listingId': {
          id: 'routes/rent_.$listingId',
          parentId: 'root',
          path: 'rent/:listingId',
        },
        'routes/$': { id: 'routes/$', parentId: 'root', path: '*' },
      },
    } as never);
    expect(
      ['/', '/rent', '/rent/4f1c', '/rent/4f1c.data', '/_root.data', '/no/such/page'].map((path) =>
        routes.of(path),
      ),
    ).toEqual(['/', '/rent', '/rent/:listingId', '/rent/:listingId.data', '/.data', '/*']);
  });

  it('names /api/v1 calls by the path its document gives', () => {
    const routes = routePatterns([], ['/v1/bookings', '/v1/bookings/{bookingId}/cancel']);
    expect(
      ['/api/v1/bookings', '/api/v1/bookings/4f1c/cancel', '/api/v1/bookings/4f1c/x'].map((path) =>
        routes.of(path),
      ),
    ).toEqual(['/api/v1/bookings', '/api/v1/bookings/{bookingId}/cancel', '/api/v1/:unknown']);
  });
});
