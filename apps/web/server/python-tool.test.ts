/**
 * Proof from outside TypeScript (decision 067, 068): examples/python/book_and_listen.py, on the
 * Python standard library only, reads /api/openapi.json, lists events, books a space with an API
 * token and checks the signature of the booking's webhook on its own receiver.
 */
import { createCaller, createContext } from '@parkside/api';
import { testUser } from '@parkside/api/testing';
import { bookings } from '@parkside/db';
import type { TestDatabase } from '@parkside/db/testing';
import { findRepoRoot } from '@parkside/db';
import { eq } from 'drizzle-orm';
import { execFile } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoDatabaseWith, startTestServer, type TestServer } from './test-server';

let handle: TestDatabase;
let server: TestServer;
const driver = testUser('py-driver', { name: 'Pia Python' });
const admin = testUser('py-admin', { name: 'Paz Admin', isAdmin: true });

beforeAll(async () => {
  handle = await demoDatabaseWith(driver, admin);
  server = await startTestServer(handle.db, undefined, {
    WEBHOOK_ALLOW_PRIVATE: 'true',
    JOBS_POLL_MS: '100',
  });
  server.services.jobs.start();
});

afterAll(async () => {
  await server?.services.jobs.stop({ graceMs: 2000 });
  await server?.close();
  await handle?.close();
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

it('a Python script books a space and verifies the signed webhook of its booking', async () => {
  const port = await freePort();
  const asAdmin = createCaller(createContext({ db: handle.db, user: admin }));
  const adminToken = (await asAdmin.apiToken.create({ name: 'Setup', scopes: ['admin'] })).secret;
  const registered = await fetch(`${server.base}/api/trpc/webhook.create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      url: `http://127.0.0.1:${port}/parkside`,
      events: ['booking.confirmed'],
    }),
  });
  const { secret } = ((await registered.json()) as { result: { data: { secret: string } } }).result
    .data;
  const asDriver = createCaller(createContext({ db: handle.db, user: driver }));
  const token = (await asDriver.apiToken.create({ name: 'Py', scopes: ['read', 'bookings:write'] }))
    .secret;

  const { stdout } = await promisify(execFile)(
    'python3',
    [join(findRepoRoot(), 'examples/python/book_and_listen.py')],
    {
      env: {
        ...process.env,
        PARKSIDE_URL: server.base,
        PARKSIDE_TOKEN: token,
        WEBHOOK_SECRET: secret,
        WEBHOOK_PORT: String(port),
      },
      timeout: 90_000,
    },
  );
  const result = JSON.parse(stdout) as { booking: string; verified: boolean; operations: number };
  expect(result.verified).toBe(true);
  expect(result.operations).toBeGreaterThanOrEqual(10);
  const [booking] = await handle.db.select().from(bookings).where(eq(bookings.id, result.booking));
  expect(booking).toMatchObject({ driverId: driver.id, licensePlate: 'PY 3', status: 'confirmed' });
}, 120_000);
