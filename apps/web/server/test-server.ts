/** An app server on a loopback port, over a test database, for API tests that speak HTTP. */
import { driveways, events, listings, type Database } from '@parkside/db';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type AppOptions } from './app';
import { readEnv } from './env';
import type { Logger } from './logging';
import { createServices, type Services } from './services';

export interface TestServer {
  base: string;
  services: Services;
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
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
