/**
 * Read your own writes (decision 044): after a request that changes something, the same
 * person's next request on the same server sees the change, even before PostgreSQL's
 * notification comes back, and even while the changing request's answer is still streaming
 * (Remix's browser client revalidates as soon as an action's first bytes arrive).
 */
import { users, type Database } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { eq } from 'drizzle-orm';
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionMiddleware } from './app';
import { readEnv } from './env';
import type { RequestSession } from './request-session';
import { createServices, type Services } from './services';

let handle: TestDatabase;
let db: Database;
let services: Services;
let server: Server;
let base: string;
let stopListening: () => Promise<void>;
let cookie: string;
/** Ends the answer of the request changing the name, which waits for it. */
let finishAnswer: () => void = () => {};

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  services = createServices(db, readEnv({ NODE_ENV: 'test', GEOCODER_KIND: 'none' }), {
    publicUrl: 'http://parkside.test',
  });
  // Listening as a server does, except that no notification comes back in time: only this
  // server's own forgetting can show the change.
  stopListening = await services.auth.sessions.keeper!.listen({
    listen: (channel, _onMessage, onListening) => handle.listen(channel, () => {}, onListening),
  });
  await db.insert(users).values({
    id: 'own-writes',
    email: 'own-writes@example.com',
    name: 'Jordan Rivers',
    emailVerified: true,
  });
  const { token } = await services.auth.sessions.create('own-writes');
  cookie = services.auth.sessions.cookie(token).split(';')[0]!;

  const app = express();
  app.use(sessionMiddleware(services));
  app.get('/me', (_req, res) => {
    const session = res.locals.session as RequestSession | null;
    res.json({ name: session?.user.name ?? null });
  });
  app.post('/rename', async (_req, res) => {
    await db.update(users).set({ name: 'Morgan Host' }).where(eq(users.id, 'own-writes'));
    // The answer starts, and ends later, as a streamed one does.
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.write('saved');
    await new Promise<void>((resolve) => (finishAnswer = resolve));
    res.end();
  });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  finishAnswer();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await stopListening?.();
  await handle?.close();
});

const nameSeen = async () =>
  ((await (await fetch(`${base}/me`, { headers: { cookie } })).json()) as { name: string }).name;

describe('a change on this server', () => {
  it('shows on the next request while its answer is still on its way', async () => {
    expect(await nameSeen()).toBe('Jordan Rivers');
    // Kept now: the same answer again without asking PostgreSQL.
    expect(await nameSeen()).toBe('Jordan Rivers');
    expect(services.auth.sessions.keeper!.size).toBe(1);

    const renaming = await fetch(`${base}/rename`, { method: 'POST', headers: { cookie } });
    expect(renaming.status).toBe(200);
    // The answer has started and not ended; the next page must show the new name.
    expect(await nameSeen()).toBe('Morgan Host');

    finishAnswer();
    expect(await renaming.text()).toBe('saved');
    expect(await nameSeen()).toBe('Morgan Host');
  });
});
