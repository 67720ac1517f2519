import { DEMO_ACCOUNTS } from '@parkside/auth';
import {
  bookings,
  createDatabase,
  driveways,
  events,
  listings,
  type DatabaseHandle,
} from '@parkside/db';
import { expect, test, type Page } from './fixtures';
import { and, eq, ne } from 'drizzle-orm';
import type { ChildProcess } from 'node:child_process';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  freePorts,
  postForm,
  SERVER_START_TIMEOUT_MS,
  sessionCookie,
  startServer,
  stopServers,
} from './app-servers';
import { createFreshDatabase, type FreshDatabase } from './fresh-database';
import { blockMapTiles } from './map-tiles';
import { cancelBookingFrom } from './page-api';

/**
 * /rent and /events as drivers get them on game day: kept by each server (whole for signed-out
 * visitors, decision 020; the shared part for signed-in drivers, decision 027) and served again,
 * until anything they show changes on any server, or by hand in the database.
 */

test.describe.configure({ mode: 'serial' });
test.skip(!process.env.TEST_DATABASE_URL, 'two app servers on one database need PostgreSQL');

const driver = DEMO_ACCOUNTS.find((a) => a.email === 'driver@example.com')!;
const admin = DEMO_ACCOUNTS.find((a) => a.email === 'admin@example.com')!;
let database: FreshDatabase;
let handle: DatabaseHandle;
let servers: ChildProcess[] = [];
let eventId: string;
let listingId: string;
let drivewayId: string;
let origins: [string, string];

test.beforeAll(async () => {
  test.setTimeout(SERVER_START_TIMEOUT_MS);
  database = await createFreshDatabase({ seed: true });
  handle = await createDatabase({ url: (database.env as { DATABASE_URL: string }).DATABASE_URL });
  // An event with one two-space driveway, so "spaces left" is easy to follow.
  const [event] = await handle.db.select().from(events).where(eq(events.slug, 'stadium-of-fire'));
  eventId = event!.id;
  await handle.db.update(listings).set({ status: 'closed' }).where(eq(listings.eventId, eventId));
  const [driveway] = await handle.db
    .insert(driveways)
    .values({
      hostId: 'demo-host',
      title: 'Cedar driveway',
      street: '12 Cedar St',
      city: event!.city,
      region: event!.region,
      postalCode: event!.postalCode,
      latitude: event!.latitude + 0.002,
      longitude: event!.longitude,
      capacity: 2,
    })
    .returning();
  drivewayId = driveway!.id;
  const [listing] = await handle.db
    .insert(listings)
    .values({
      drivewayId,
      location: { x: driveway!.longitude, y: driveway!.latitude },
      eventId,
      priceCents: 2200,
      spacesOffered: 2,
      availableFrom: event!.startsAt,
      availableTo: event!.endsAt,
    })
    .returning();
  listingId = listing!.id;
  const ports = await freePorts(2);
  origins = [`http://127.0.0.1:${ports[0]}`, `http://127.0.0.1:${ports[1]}`];
  servers = await Promise.all(
    ports.map((port) => startServer(database.env as Record<string, string>, port)),
  );
});

test.afterAll(async () => {
  test.setTimeout(SERVER_START_TIMEOUT_MS);
  await stopServers(servers);
  await handle?.close();
  await database?.drop();
});

/**
 * An address of this test's own: a kept page lives 30 s at most, so one kept by an earlier test
 * could run out between two visits of this one on a slow machine. The loaders ignore `visit`.
 */
const visit = () => `visit=${test.info().testId}`;
const rentUrl = (origin: string) => `${origin}/rent?event=${eventId}&${visit()}`;
const card = (page: Page) => page.getByRole('article', { name: 'Cedar driveway' });

/** Books a space of `listing` through the server at `origin`, as `cookie`'s user. */
async function book(
  origin: string,
  listing: string,
  cookie: string,
  licensePlate: string,
  vehicle: string,
) {
  const booked = await postForm(
    origin,
    `/booking-confirmation?listing=${listing}`,
    {
      listingId: listing,
      licensePlate,
      vehicleDescription: vehicle,
      idempotencyKey: `page-cache-${licensePlate}-${Date.now()}`,
    },
    cookie,
  );
  expect(booked.status).toBe(302);
}

/** Books a space of the Cedar driveway through the second server, as `cookie`'s user. */
const bookOnTheOtherServer = (cookie: string, licensePlate: string, vehicle: string) =>
  book(origins[1], listingId, cookie, licensePlate, vehicle);

/** Opens /rent on the first server; returns what the page cache did with it. */
async function openRent(page: Page): Promise<string | undefined> {
  const response = await page.goto(rentUrl(origins[0]));
  expect(response?.status()).toBe(200);
  return response?.headers()['x-cache'];
}

test('a signed-out visitor is served the kept page, which works like a fresh one', async ({
  page,
}) => {
  await blockMapTiles(page);
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  // The first visit renders and keeps the page; the next ones are served from memory.
  await openRent(page);
  expect(await openRent(page)).toBe('hit');
  await expect(card(page)).toContainText('2 spaces left');

  // Each response carries its own nonce, the one its CSP allows, so the scripts still run:
  // a link is followed in the browser (a data request) rather than by loading a new document.
  const first = await fetch(rentUrl(origins[0]));
  const second = await fetch(rentUrl(origins[0]));
  const nonces = await Promise.all(
    [first, second].map(async (response) => {
      const csp = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '');
      const html = await response.text();
      expect(html).toContain(`nonce="${csp?.[1]}"`);
      return csp?.[1];
    }),
  );
  expect(second.headers.get('x-cache')).toBe('hit');
  expect(nonces[0]).not.toBe(nonces[1]);
  const dataRequest = page.waitForRequest((r) => r.url().includes('/events.data'));
  await page.getByRole('link', { name: 'All events' }).click();
  await dataRequest;
  await expect(page.getByRole('heading', { level: 1 })).toContainText('events');

  // Back to /rent within the browser: its data request is kept and served again as well.
  const rentData = () => page.waitForResponse((r) => r.url().includes('/rent.data'));
  let answer = rentData();
  await page.goBack();
  await answer;
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('events');
  answer = rentData();
  await page.goBack();
  expect((await answer).headers()['x-cache']).toBe('hit');
  await expect(card(page)).toContainText('2 spaces left');
  expect(refused).toEqual([]);
});

test('a booking on the other server shows at once on the kept page', async ({ page }) => {
  await blockMapTiles(page);
  await openRent(page);
  expect(await openRent(page)).toBe('hit');
  await expect(card(page)).toContainText('2 spaces left');

  const cookie = await sessionCookie(origins[1], driver.email, driver.password);
  await bookOnTheOtherServer(cookie, 'CACHE1', 'Blue Subaru');

  // The first server hears of it from PostgreSQL; the next visitor gets a fresh render.
  await expect
    .poll(async () => {
      await openRent(page);
      return card(page).textContent();
    })
    .toContain('1 space left');
  expect(await openRent(page)).toBe('hit');

  // A signed-in driver is never served a kept page, only its kept shared part.
  const mine = await fetch(rentUrl(origins[0]), { headers: { cookie } });
  expect(mine.headers.get('x-cache')).toBeNull();
  expect(mine.headers.get('x-kept')).toMatch(/^(hit|miss)$/);
  expect(await mine.text()).toContain('1 space left');
});

test('a change made by hand in the database shows too', async ({ page }) => {
  await blockMapTiles(page);
  await openRent(page);
  expect(await openRent(page)).toBe('hit');
  await handle.db
    .update(driveways)
    .set({ title: 'Cedar driveway (covered)', amenities: ['covered'] })
    .where(eq(driveways.id, drivewayId));
  await expect
    .poll(async () => {
      await openRent(page);
      return page.getByRole('article', { name: 'Cedar driveway (covered)' }).count();
    })
    .toBe(1);
  await expect(page.getByRole('article', { name: 'Cedar driveway (covered)' })).toContainText(
    'Covered',
  );
});

test('what is not the same for every signed-out visitor is never served from memory', async () => {
  const url = rentUrl(origins[0]);
  await fetch(url);
  expect((await fetch(url)).headers.get('x-cache')).toBe('hit');

  // A message waiting for this visitor alone (a toast after a redirect) is shown, not skipped.
  const toast = Buffer.from(JSON.stringify({ type: 'info', title: 'Signed out.' })).toString(
    'base64url',
  );
  const withToast = await fetch(url, { headers: { cookie: `parkside_toast=${toast}` } });
  expect(withToast.headers.get('x-cache')).toBeNull();
  expect(await withToast.text()).toContain('Signed out.');

  // An unknown event's answer is rendered every time.
  const unknown = `${origins[0]}/rent?event=00000000-0000-4000-8000-000000000000`;
  for (let i = 0; i < 2; i += 1) {
    const response = await fetch(unknown);
    expect(response.status).toBe(404);
    expect(response.headers.get('x-cache')).toBeNull();
    expect(response.headers.get('x-kept')).toBeNull();
  }
});

/** A GET whose body comes back as the server sent it, still compressed. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpGet(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

test('every page arrives compressed as the browser asks, kept or rendered, signed in or out', async () => {
  const cookie = await sessionCookie(origins[1], driver.email, driver.password);
  const url = rentUrl(origins[0]);
  await fetch(url); // kept for signed-out visitors from here on
  const decoders = {
    br: brotliDecompressSync,
    gzip: gunzipSync,
    identity: (body: Buffer) => body,
  } as const;
  for (const [who, extra] of [
    ['signed out', {}],
    ['signed in', { cookie }],
  ] as const) {
    for (const encoding of ['br', 'gzip', 'identity'] as const) {
      const { headers, body } = await rawGet(url, { 'accept-encoding': encoding, ...extra });
      const label = `${who}, ${encoding}`;
      expect(headers['x-cache'], label).toBe(who === 'signed out' ? 'hit' : undefined);
      expect(headers['content-encoding'], label).toBe(
        encoding === 'identity' ? undefined : encoding,
      );
      expect(headers.vary, label).toContain('Accept-Encoding');
      expect(Number(headers['content-length']), label).toBe(body.length);
      const html = decoders[encoding](body).toString('utf8');
      expect(html, label).toContain('Cedar driveway');
      expect(html, label).toContain(who === 'signed out' ? 'Sign In' : 'Dana Driver');
      if (encoding !== 'identity') expect(body.length, label).toBeLessThan(html.length / 3);
    }
  }
});

/** Signs the browser in as the demo driver (one session for both servers: they share it). */
async function signIn(page: Page) {
  const [name, value] = (await sessionCookie(origins[1], driver.email, driver.password)).split('=');
  await page.context().addCookies(origins.map((url) => ({ name: name!, value: value!, url })));
  return `${name}=${value}`;
}

/** Collects what React says in the console when a page's markup does not match its data. */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  const record = (text: string) => {
    if (/hydrat|did not match|Minified React error #(418|419|421|422|423|425)/i.test(text)) {
      errors.push(text);
    }
  };
  page.on('console', (message) => record(message.text()));
  page.on('pageerror', (error) => record(error.message));
  return errors;
}

test('a signed-in driver gets the kept part inside their own page, and it hydrates', async ({
  page,
}) => {
  await blockMapTiles(page);
  const errors = hydrationErrors(page);
  await signIn(page);
  const open = async () => {
    const response = await page.goto(rentUrl(origins[0]));
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-cache']).toBeUndefined();
    return response?.headers()['x-kept'];
  };
  await open();
  expect(await open()).toBe('hit');
  // The driver's own menu around the shared part, and the shared part as fresh as a render.
  await expect(page.getByRole('button', { name: /Dana Driver/ })).toBeVisible();
  await expect(card(page)).toContainText('1 space left');

  // The reused markup is live: the filters and links in it work in the browser.
  await page.getByLabel('Sort by').selectOption('distance');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/sort=distance/);
  await expect(card(page)).toBeVisible();
  const dataRequest = page.waitForRequest((r) => r.url().includes('/events.data'));
  await page.getByRole('link', { name: 'All events' }).click();
  await dataRequest;
  await expect(page.getByRole('heading', { level: 1 })).toContainText('events');
  expect(errors).toEqual([]);
});

test('a signed-in driver sees a booking made on the other server at once', async ({ page }) => {
  await blockMapTiles(page);
  await signIn(page);
  // Someone else books the last space, on the other server.
  const cookie = await sessionCookie(origins[1], admin.email, admin.password);
  await page.goto(rentUrl(origins[0]));
  await page.goto(rentUrl(origins[0]));
  await expect(card(page)).toContainText('1 space left');
  await bookOnTheOtherServer(cookie, 'CACHE2', 'Red Civic');
  await expect
    .poll(async () => {
      await page.goto(rentUrl(origins[0]));
      return card(page).textContent();
    })
    .toContain('Sold out');
  await expect(page.getByRole('button', { name: /Dana Driver/ })).toBeVisible();
});

test('/events and the home page are kept too, and a new event on the other server shows at once', async ({
  page,
  browser,
}) => {
  const eventsUrl = `${origins[0]}/events?${visit()}`;
  const homeUrl = `${origins[0]}/?${visit()}`;
  const errors = hydrationErrors(page);
  const title = `Kept list test ${Date.now()}`;
  // Signed out: the whole page; signed in: its shared part.
  await fetch(eventsUrl);
  expect((await fetch(eventsUrl)).headers.get('x-cache')).toBe('hit');
  const cookie = await signIn(page);
  await fetch(eventsUrl, { headers: { cookie } });
  const signedIn = await fetch(eventsUrl, { headers: { cookie } });
  expect(signedIn.headers.get('x-kept')).toBe('hit');
  expect(await signedIn.text()).not.toContain(title);
  await fetch(homeUrl);
  expect((await fetch(homeUrl)).headers.get('x-cache')).toBe('hit');
  await fetch(homeUrl, { headers: { cookie } });
  const homeSignedIn = await fetch(homeUrl, { headers: { cookie } });
  expect(homeSignedIn.headers.get('x-kept')).toBe('hit');
  expect(await homeSignedIn.text()).not.toContain(title);

  // A host registers an event on the other server: both kinds of visitor see it on the next visit.
  const [stadium] = await handle.db.select().from(events).where(eq(events.id, eventId));
  await handle.db.insert(events).values({
    ...stadium!,
    id: undefined,
    title,
    slug: `kept-list-${Date.now()}`,
    importKey: null,
    startsAt: new Date(Date.now() + 20 * 60_000),
    endsAt: new Date(Date.now() + 4 * 60 * 60_000),
  });
  await expect.poll(async () => (await (await fetch(eventsUrl)).text()).includes(title)).toBe(true);
  await page.goto(eventsUrl);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: /Dana Driver/ })).toBeVisible();
  // The home page's "Coming up" has it first, signed out and in, and its kept part hydrates.
  await expect.poll(async () => (await (await fetch(homeUrl)).text()).includes(title)).toBe(true);
  await page.goto(homeUrl);
  const comingUp = page.getByRole('region', { name: 'Coming up' });
  await expect(comingUp.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: /Dana Driver/ })).toBeVisible();
  expect(errors).toEqual([]);

  // And a visitor's browser gets the kept page with the event, in their own signed-out frame.
  const visitor = await browser.newPage();
  await visitor.goto(eventsUrl);
  await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await visitor.close();
});

test('My Bookings is kept for its driver alone, until a booking of theirs changes on any server', async ({
  page,
}) => {
  const errors = hydrationErrors(page);
  const dana = await signIn(page);
  const other = await sessionCookie(origins[1], admin.email, admin.password);
  const url = `${origins[0]}/my-bookings`;
  const open = async (cookie: string) => {
    const response = await fetch(url, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-cache')).toBeNull();
    return { kept: response.headers.get('x-kept'), html: await response.text() };
  };
  await open(dana);
  const again = await open(dana);
  expect(again.kept).toBe('hit');
  expect(again.html).toContain('CACHE1');

  // Another person at the same address gets their own bookings, never Dana's kept part.
  const theirs = await open(other);
  expect(theirs.kept).toBe('miss');
  expect(theirs.html).toContain('CACHE2');
  expect(theirs.html).not.toContain('CACHE1');
  expect((await open(other)).html).not.toContain('CACHE1');

  // Dana books a driveway of another event on the other server: nothing the kept page showed
  // changed, but PostgreSQL names her, and the first server loads her page again.
  const [elsewhere] = await handle.db
    .select({ id: listings.id })
    .from(listings)
    .where(and(ne(listings.eventId, eventId), eq(listings.status, 'open')))
    .limit(1);
  await book(origins[1], elsewhere!.id, dana, 'CACHE3', 'Green Jeep');
  await expect.poll(async () => (await open(dana)).html).toContain('CACHE3');
  expect((await open(dana)).kept).toBe('hit');

  // In her browser: the kept part hydrates, and her own cancel shows on the very next page.
  await page.goto(url);
  await page.goto(url);
  const booking = page.getByRole('article').filter({ hasText: 'CACHE3' });
  await cancelBookingFrom(booking);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your booking is cancelled.' }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: /^Cancelled \(\d+\)$/ })
      .getByRole('article')
      .filter({ hasText: 'CACHE3' }),
  ).toBeVisible();
  expect(errors).toEqual([]);
});

test("a pass is kept for its driver alone, and shows the host's check-in from any server", async ({
  page,
}) => {
  const errors = hydrationErrors(page);
  const dana = await signIn(page);
  const other = await sessionCookie(origins[1], admin.email, admin.password);
  const [booking] = await handle.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.licensePlate, 'CACHE1'));
  const url = `${origins[0]}/bookings/${booking!.id}/pass`;
  const open = async (cookie: string) => {
    const response = await fetch(url, { headers: { cookie } });
    return {
      status: response.status,
      kept: response.headers.get('x-kept'),
      html: await response.text(),
    };
  };
  expect((await open(dana)).status).toBe(200);
  const again = await open(dana);
  expect(again.kept).toBe('hit');
  expect(again.html).toContain('Gate code');
  // Someone else asking for Dana's pass finds nothing, kept or not.
  const theirs = await open(other);
  expect(theirs.status).toBe(404);
  expect(theirs.html).not.toContain('CACHE1');

  // The host checks the car in (here by hand in the database, as any server would write it).
  await handle.db
    .update(bookings)
    .set({ checkedInAt: new Date() })
    .where(eq(bookings.id, booking!.id));
  await expect.poll(async () => (await open(dana)).html).toContain('Checked in');
  await page.goto(url);
  await page.goto(url);
  await expect(page.getByRole('status').filter({ hasText: 'Checked in' })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code of your pass/ })).toBeVisible();
  expect(errors).toEqual([]);
});
