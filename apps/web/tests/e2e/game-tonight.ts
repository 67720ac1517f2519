import type { Browser } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { freePort, startServer, stopServers } from './app-servers';
import { createFreshDatabase } from './fresh-database';
import { bookThroughApi } from './page-api';
import { signedInPhone } from './session';

/**
 * A production server of its own (or `count` of them) on a fresh database (game-day tests move
 * events with SQL), and a connection to that database. `close` stops the servers and drops the
 * database.
 */
export async function startGameDayServer(env: Record<string, string> = {}, count = 1) {
  // The demo driveways' photos are stored where the servers keep uploads, as on a real site.
  const storageDir = mkdtempSync(join(tmpdir(), 'parkside-game-day-storage-'));
  const database = await createFreshDatabase({ storageDir });
  const url = (database.env as { DATABASE_URL: string }).DATABASE_URL;
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    const bases: string[] = [];
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      servers.push(
        await startServer(
          { ...(database.env as Record<string, string>), STORAGE_DIR: storageDir, ...env },
          port,
        ),
      );
      bases.push(`http://127.0.0.1:${port}`);
    }
    return {
      base: bases[0]!,
      /** Every server's address (`count` of them, on the one database). */
      bases,
      sql,
      close: async () => {
        await sql.end();
        await stopServers(servers);
        await database.drop();
        rmSync(storageDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await sql.end();
    await stopServers(servers);
    await database.drop();
    rmSync(storageDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A game in Provo in two hours, with the demo host's Oak Lane driveway listed for it from an hour
 * ago: the parking window holds this moment, so it is today in Provo whatever hour the tests run.
 */
export async function gameTonight(
  sql: postgres.Sql,
  title: string,
): Promise<{ eventId: string; listingId: string }> {
  const [event] = await sql<{ id: string }[]>`
      insert into events (title, slug, venue_name, street, city, region, postal_code, latitude,
        longitude, time_zone, starts_at, ends_at, expected_attendance)
      values (${title}, ${`game-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`}, 'LaVell Edwards Stadium',
        '1700 N Canyon Rd', 'Provo', 'UT', '84604', 40.2574, -111.6547, 'America/Denver',
        now() + interval '2 hours', now() + interval '5 hours', 20000)
      returning id`;
  const [driveway] = await sql<{ id: string; latitude: number; longitude: number }[]>`
      select id, latitude, longitude from driveways
      where host_id = 'demo-host' and title = 'Wide driveway on Oak Lane'`;
  const [listing] = await sql<{ id: string }[]>`
      insert into listings (driveway_id, location, event_id, price_cents, spaces_offered,
        available_from, available_to)
      values (${driveway!.id}, point(${driveway!.longitude}, ${driveway!.latitude}), ${event!.id},
        2000, 2, now() - interval '1 hour', now() + interval '6 hours')
      returning id`;

  return { eventId: event!.id, listingId: listing!.id };
}

/**
 * The demo driver on a phone with a booking of tonight's game `title` (gameTonight) for `car`,
 * paid on arrival: their page, the booking's id, and the game.
 */
export async function bookedTonight(
  browser: Browser,
  { base, sql }: { base: string; sql: postgres.Sql },
  title: string,
  car: { licensePlate: string; vehicleDescription: string },
) {
  const game = await gameTonight(sql, title);
  const driver = await signedInPhone(browser, base, 'driver@example.com', 'parkside-driver');
  const bookingId = await bookThroughApi(driver, game.listingId, car);
  return { driver, bookingId, game };
}
