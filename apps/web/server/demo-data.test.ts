/**
 * The demo data a new developer starts with: besides events, driveways and accounts, the demo
 * driver has booked the demo host's driveway and they have talked about it, so /messages and
 * /my-bookings show something real on the two-command start. Seeding again changes nothing.
 */
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from './demo-data';
import { startTestServer, type TestServer } from './test-server';

const serverUrl = process.env.TEST_DATABASE_URL;
let handle: TestDatabase;
let server: TestServer;
let storageDir: string;

async function as(userId: string, path: string, input: unknown) {
  const response = await fetch(
    `${server.base}/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
    { headers: { cookie: await server.cookieFor(userId) } },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { result: { data: never } }).result.data;
}

describe.skipIf(!serverUrl)('the demo data', () => {
  beforeAll(async () => {
    handle = await createTestDatabase();
    storageDir = mkdtempSync(join(tmpdir(), 'parkside-demo-photos-'));
    server = await startTestServer(handle.db, undefined, { STORAGE_DIR: storageDir });
    await seedDemo(handle.db, { storage: server.services.storage });
    await seedDemo(handle.db, { storage: server.services.storage });
    // Drawing and storing every photo twice took over a minute with a second suite beside it.
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await handle?.close();
    rmSync(storageDir, { recursive: true, force: true });
  });

  it('gives the demo driver a booking with the demo host and a conversation both have read', async () => {
    const driver = await as('demo-driver', 'message.threads', {});
    expect(driver).toMatchObject({
      items: [
        {
          role: 'driver',
          otherName: 'Hayden Host',
          eventTitle: 'BYU Cougars vs. Arizona State Sun Devils',
          drivewayTitle: 'Wide driveway on Oak Lane',
          lastMessage: { fromMe: true, body: expect.stringContaining('Subaru Outback') },
          unread: 0,
        },
      ],
      next: null,
    });
    const host = await as('demo-host', 'message.threads', {});
    expect(host).toMatchObject({
      items: [{ role: 'host', otherName: 'Dana Driver', unread: 0 }],
    });
    expect(await as('demo-host', 'message.unreadCount', undefined)).toBe(0);

    const bookingId = (driver as { items: { bookingId: string }[] }).items[0]!.bookingId;
    const thread = (await as('demo-driver', 'message.thread', { bookingId })) as {
      closedReason: string | null;
      messages: { body: string; senderId: string }[];
    };
    expect(thread.closedReason).toBeNull();
    expect(thread.messages.map((m) => m.senderId)).toEqual([
      'demo-driver',
      'demo-host',
      'demo-driver',
    ]);
    expect(thread.messages[1]!.body).toMatch(/^Hi Dana/);
  });

  it('seeds one booking, paid on arrival so the host keeps the whole price, however often it runs', async () => {
    const rows = (await handle.db.execute(
      sql`select b.status, b.price_cents, b.platform_fee_cents, b.host_payout_cents,
            (select count(*)::int from messages m join conversations c on c.id = m.conversation_id
              where c.booking_id = b.id) as messages
          from bookings b where b.driver_id = 'demo-driver'`,
    )) as unknown as Record<string, unknown>[];
    expect(rows).toEqual([
      {
        status: 'confirmed',
        price_cents: 2000,
        platform_fee_cents: 0,
        host_payout_cents: 2000,
        messages: 3,
      },
    ]);
  });

  it('gives every demo driveway two to four photos, stored as its host would upload them', async () => {
    const rows = (await handle.db.execute(
      sql`select d.host_id, d.photos, (select count(*)::int from storage_objects o
            where o.full_path like 'driveways/' || d.id || '/%' and o.owner_id = d.host_id) as stored
          from driveways d`,
    )) as unknown as { host_id: string; photos: string[]; stored: number }[];
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      expect(row.photos.length).toBeGreaterThanOrEqual(2);
      expect(row.photos.length).toBeLessThanOrEqual(4);
      // Seeding twice added no second set.
      expect(row.stored).toBe(row.photos.length);
    }
    const response = await fetch(`${server.base}${rows[0]!.photos[0]}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
  });
});
