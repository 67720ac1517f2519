/** An app server on a loopback port, over a test database, for API tests that speak HTTP. */
import { SESSION_COOKIE_NAME } from '@parkside/auth';
import type { SessionUser } from '@parkside/core';
import { admins, driveways, events, listings, users, type Database } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { afterAll, beforeAll } from 'vitest';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type AppOptions } from './app';
import { readEnv } from './env';
import type { Logger } from './logging';
import { createServices, type Services } from './services';
import { seedDemo } from './demo-data';

export interface TestServer {
  base: string;
  services: Services;
  /** A `Cookie` header value that signs `userId` in on this server (a fresh session). */
  cookieFor(userId: string): Promise<string>;
  close(): Promise<void>;
}

/** `prepare` runs before the server listens (to listen for changes as production does). */
export async function startTestServer(
  db: Database,
  prepare?: (services: Services) => Promise<Partial<AppOptions> | void>,
  env: Record<string, string> = {},
  logger?: Logger,
): Promise<TestServer> {
  const services = createServices(
    db,
    readEnv({ NODE_ENV: 'test', GEOCODER_KIND: 'none', ...env }),
    {
      publicUrl: 'http://parkside.test',
      logger,
    },
  );
  const options = (await prepare?.(services)) ?? {};
  const app = createApp({ services, mode: 'test', appRoot: process.cwd(), ...options });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    services,
    cookieFor: async (userId) => {
      const { token } = await services.auth.sessions.create(userId);
      return `${SESSION_COOKIE_NAME}=${token}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * For a test file: a test database (with the demo data unless `demo` is false) and one app server
 * over it, started before the file's tests and closed after them. `env` is read when the server
 * starts, so it may use what an earlier `beforeAll` set up (a local Google or Stripe).
 */
export function serverForFile({
  demo = true,
  env = () => ({}),
}: { demo?: boolean; env?: () => Record<string, string> } = {}) {
  const site = {} as { handle: TestDatabase; server: TestServer };
  beforeAll(async () => {
    site.handle = await createTestDatabase();
    if (demo) await seedDemo(site.handle.db);
    site.server = await startTestServer(site.handle.db, undefined, env());
  }, 60_000);
  afterAll(async () => {
    await site.server?.close();
    await site.handle?.close();
  });
  return site;
}

/** The demo host's open listing for the soonest upcoming event (the database holds the demo data). */
export async function demoOpenListing(db: Database): Promise<string> {
  const [row] = await db
    .select({ id: listings.id })
    .from(listings)
    .innerJoin(driveways, eq(driveways.id, listings.drivewayId))
    .innerJoin(events, eq(events.id, listings.eventId))
    .where(
      and(
        eq(driveways.hostId, 'demo-host'),
        eq(listings.status, 'open'),
        gt(events.startsAt, new Date()),
      ),
    )
    .orderBy(asc(events.startsAt))
    .limit(1);
  if (!row) throw new Error('The demo host has no open listing for an upcoming event.');
  return row.id;
}

/** A test database with the demo data and these people (admins by their `isAdmin`). */
export async function demoDatabaseWith(...people: SessionUser[]): Promise<TestDatabase> {
  const handle = await createTestDatabase();
  await seedDemo(handle.db);
  await handle.db.insert(users).values(people.map(({ isAdmin: _isAdmin, ...row }) => row));
  const adminEmails = people.filter((person) => person.isAdmin).map(({ email }) => ({ email }));
  if (adminEmails.length) await handle.db.insert(admins).values(adminEmails);
  return handle;
}
