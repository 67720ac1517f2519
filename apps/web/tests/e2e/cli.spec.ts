/**
 * The `parkside` command and `@parkside/client` against the production server: tokens made on
 * the site, a season of events imported (twice), a bad file refused whole, bookings exported,
 * admins granted and revoked, and the errors a person sees.
 */
import { createParksideClient } from '@parkside/client';
import { expect, test, type Page } from './fixtures';
import { execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, SERVER_START_TIMEOUT_MS, startServer, stopServers } from './app-servers';
import { createFreshDatabase, type FreshDatabase } from './fresh-database';
import { ADMIN, profileMenu, signIn } from './session';

const CLI = resolve(import.meta.dirname, '../../../cli/bin/parkside.js');
const dir = mkdtempSync(join(tmpdir(), 'parkside-cli-'));

// Its own production server and database: the 500 imported events stay out of other tests.
let database: FreshDatabase;
let server: ChildProcess;
let url: string;
test.beforeAll(async () => {
  test.setTimeout(SERVER_START_TIMEOUT_MS);
  database = await createFreshDatabase();
  const port = await freePort();
  server = await startServer(database.env as Record<string, string>, port);
  // localhost, not 127.0.0.1: the browser keeps the production server's Secure cookie there.
  url = `http://localhost:${port}`;
});
test.afterAll(async () => {
  test.setTimeout(SERVER_START_TIMEOUT_MS);
  await stopServers([server]);
  await database?.drop();
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}
function parkside(baseURL: string, token: string, ...args: string[]): Promise<Run> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { ...process.env, PARKSIDE_URL: baseURL, PARKSIDE_TOKEN: token }, timeout: 120_000 },
      (error, stdout, stderr) =>
        done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Makes a token on the site (the admin page for an admin, else account settings). */
async function makeToken(page: Page, where: string, name: string, scopes: string[]) {
  await page.goto(`${url}${where}`);
  const form = page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Create token' }) });
  await form.getByLabel('Name').fill(name);
  for (const box of await form.getByRole('checkbox').all()) await box.uncheck();
  for (const scope of scopes) {
    await form.getByRole('checkbox', { name: new RegExp(`^${scope}\\b`) }).check();
  }
  await form.getByRole('button', { name: 'Create token' }).click();
  return (await page.getByTestId('token-secret').textContent())!.trim();
}

const HEADER =
  'title,description,venueName,street,city,region,postalCode,country,latitude,longitude,timeZone,startLocal,endLocal,expectedAttendance,websiteUrl';
function seasonCsv(prefix: string, count: number, bad?: { row: number; latitude: string }) {
  const lines = [HEADER];
  for (let i = 0; i < count; i += 1) {
    const day = new Date(Date.UTC(2027, 2, 1) + i * 86_400_000).toISOString().slice(0, 10);
    const latitude = bad?.row === i ? bad.latitude : '40.2338';
    lines.push(
      `"${prefix} night ${i + 1}","Game ${i + 1}, with fireworks",Pioneer Park,500 W Center St,Provo,UT,84601,US,${latitude},-111.6694,America/Denver,${day}T19:00,${day}T22:00,5000,`,
    );
  }
  const file = join(dir, `${prefix}.csv`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

test('operators run the marketplace from the shell', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto(`${url}/login`);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(profileMenu(page)).toBeVisible();
  const admin = await makeToken(page, '/admin/api-tokens', 'Season ops', [
    'read',
    'events:write',
    'admin',
  ]);
  const readOnly = await makeToken(page, '/admin/api-tokens', 'Dashboard', ['read']);

  const me = await parkside(url, admin, 'whoami');
  expect(me).toMatchObject({ code: 0 });
  expect(me.stdout).toContain('admin@example.com');

  // 500 events; the second run creates none.
  const season = seasonCsv('Cougar', 500);
  const first = await parkside(url, admin, 'events', 'import', season);
  expect(first.stderr).toContain('Importing [');
  expect(first.stdout).toContain('Imported 500 rows: 500 created, 0 already imported.');
  const again = await parkside(url, admin, 'events', 'import', season, '--json');
  expect(JSON.parse(again.stdout)).toMatchObject({ created: 0, existing: 500 });
  const listed = await parkside(url, admin, 'events', 'list', '--q', 'Cougar night', '--json');
  expect(
    JSON.parse(listed.stdout).filter((e: { title: string }) => e.title.startsWith('Cougar night')),
  ).toHaveLength(500);

  // One bad row: it is named with its line, and nothing is created.
  const broken = seasonCsv('Comet', 5, { row: 2, latitude: 'north' });
  const refused = await parkside(url, admin, 'events', 'import', broken);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/^line 4: latitude: /m);
  expect(refused.stderr).toContain('nothing was imported');
  const none = await parkside(url, admin, 'events', 'list', '--q', 'Comet night', '--json');
  expect(JSON.parse(none.stdout)).toEqual([]);

  // A driver books through the typed client; the admin exports the event's bookings as CSV.
  await page.context().clearCookies();
  await page.goto(`${url}/login`);
  await signIn(page, 'driver@example.com', 'parkside-driver');
  await expect(profileMenu(page)).toBeVisible();
  const driverToken = await makeToken(page, '/account-settings', 'Booking bot', [
    'read',
    'bookings:write',
  ]);
  const driver = createParksideClient({ url, token: driverToken });
  const events = await driver.event.list.query({});
  let booked: { eventId: string } | null = null;
  for (const event of events.items) {
    const listings = await driver.listing.forEvent.query({ eventId: event.id });
    const open = listings.items.find((l) => l.spacesLeft > 0);
    if (!open) continue;
    await driver.booking.create.mutate({
      listingId: open.id,
      licensePlate: 'CLI 500',
      vehicleDescription: 'Grey Subaru Outback',
      idempotencyKey: `cli-${Date.now()}`,
    });
    booked = { eventId: event.id };
    break;
  }
  expect(booked).not.toBeNull();
  const csv = await parkside(
    url,
    admin,
    'bookings',
    'export',
    '--event',
    booked!.eventId,
    '--format',
    'csv',
  );
  expect(csv.code).toBe(0);
  expect(csv.stdout.split('\n')[0]).toBe(
    'id,status,licensePlate,vehicleDescription,driverName,driverEmail,drivewayTitle,street,availableFrom,availableTo,priceCents,hostPayoutCents,refundCents,paymentStatus,createdAt',
  );
  expect(csv.stdout).toContain('CLI 500');
  expect(csv.stdout).toContain('driver@example.com');

  // Admins by e-mail.
  const granted = await parkside(url, admin, 'admins', 'grant', 'new.ops@example.com');
  expect(granted.stdout).toContain('new.ops@example.com is now an admin.');
  const revoked = await parkside(url, admin, 'admins', 'revoke', 'new.ops@example.com');
  expect(revoked.stdout).toContain('new.ops@example.com is no longer an admin.');

  // The errors people see: a missing scope, a revoked token, bad usage.
  const noScope = await parkside(url, readOnly, 'admins', 'grant', 'x@example.com');
  expect(noScope.code).toBe(1);
  expect(noScope.stderr).toBe('Error: Not allowed: This API token lacks the "admin" scope.\n');
  const tokens = JSON.parse((await parkside(url, admin, 'tokens', 'list', '--json')).stdout) as {
    id: string;
    name: string;
  }[];
  const dashboard = tokens.find((t) => t.name === 'Dashboard')!;
  expect((await parkside(url, admin, 'tokens', 'revoke', dashboard.id, '--any')).stdout).toContain(
    'Revoked “Dashboard”.',
  );
  const gone = await parkside(url, readOnly, 'whoami');
  expect(gone.code).toBe(1);
  expect(gone.stderr).toContain(
    'Error: Not signed in: This API token is missing, unknown, revoked or expired.',
  );
  const usage = await parkside(url, admin, 'events', 'cancel');
  expect(usage.code).toBe(2);
  expect(usage.stderr).toContain('Usage: parkside events cancel <id> --reason <text>');
  const unreachable = await parkside('http://127.0.0.1:9', admin, 'whoami');
  expect(unreachable.code).toBe(1);
  expect(unreachable.stderr).toContain('Cannot reach Parkside at http://127.0.0.1:9');
});
