import { PHOTON_PUBLIC_URL } from '@parkside/geocoder';
import { startPublicGeocoderStandIn } from '@parkside/geocoder/testing/public';
import { expect, test, type Page } from './fixtures';
import { freePort, startServer, stopServers } from './app-servers';
import { createFreshDatabase } from './fresh-database';
import { serveFakeMapTiles } from './map-tiles';
import { openDriveway, screenshots } from './page-api';
import { signedInPage, signUpVerified } from './session';

/**
 * A host places a driveway without knowing its coordinates (decision 059): address search on by
 * default (Photon's public instance, here a local stand-in at its address), "Use my location",
 * and the coordinates only when asked for.
 */
test.describe.configure({ timeout: 180_000 });

const HOST = ['host@example.com', 'parkside-host'] as const;
/** 1700 North Canyon Road, Provo, in the test gazetteer. */
const AT_CANYON_ROAD = { latitude: 40.25906, longitude: -111.65624 };

const search = (page: Page) => page.getByRole('combobox', { name: 'Find the address' });

test('a new host places the driveway with "Use my location" and lists it for three events; a refusal is one line', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    geolocation: AT_CANYON_ROAD,
    permissions: ['geolocation'],
  });
  const located = await context.newPage();
  await serveFakeMapTiles(located);
  await signUpVerified(located, 'Lou Located');
  await located.goto('/register-driveway');
  // No coordinates to read as if they were filled: the fields wait behind a link.
  await expect(located.getByLabel('Latitude')).toBeHidden();
  const title = `Located driveway ${Date.now()}`;
  await located.getByLabel('Title', { exact: true }).fill(title);
  await located.getByRole('button', { name: 'Use my location' }).click();
  await expect(located.getByLabel('Street address')).toHaveValue('1700 North Canyon Road');
  await expect(located.getByLabel('City', { exact: true })).toHaveValue('Provo');
  await expect(located.getByLabel('ZIP code')).toHaveValue('84604');
  await expect(
    located.getByText('Pin moved to your position, address filled in: 1700 North Canyon Road'),
  ).toBeVisible();
  await expect(located.getByLabel('Latitude')).toHaveValue(String(AT_CANYON_ROAD.latitude));
  // The first event follows the pin: the nearest, not the first on the calendar (a Portland game).
  const firstEvent = located.getByRole('region', { name: 'First event' });
  await expect(
    firstEvent.getByText(/^at LaVell Edwards Stadium, 0\.\d mi from your driveway$/),
  ).toBeVisible();
  await expect(firstEvent.locator('#listing-event option:checked')).toHaveText(
    /^BYU Cougars vs\. Utah Utes · .+ · 0\.\d mi$/,
  );
  // The address stays the host's to change.
  await located.getByLabel('Street address').fill('1700 N Canyon Rd (back gate)');
  await expect(located.getByLabel('Street address')).toHaveValue('1700 N Canyon Rd (back gate)');
  await screenshots(located, 'driveway-form-located');
  await located.getByText('Enter coordinates instead', { exact: true }).click();
  await expect(located.getByLabel('Longitude')).toHaveValue(String(AT_CANYON_ROAD.longitude));
  await screenshots(located, 'driveway-form-coordinates');

  // Two more events around the pin, at the first event's price, in the same step.
  const more = located.getByRole('region', { name: 'More events (optional)' });
  await more.getByRole('combobox', { name: /Upcoming events within/ }).selectOption('10');
  await more.getByRole('checkbox', { name: /^Provo Balloon Fest/ }).check();
  await more.getByRole('checkbox', { name: /^Orem Summerfest/ }).check();
  await located.getByRole('button', { name: 'List my driveway' }).click();
  await expect(located.getByRole('heading', { level: 1 })).toHaveText('Your driveway is in review');
  await located.goto('/my-listings');
  const driveway = await openDriveway(located, title);
  await expect(driveway.getByRole('article')).toHaveCount(3);
  await expect(driveway.getByText('1700 N Canyon Rd (back gate), Provo, UT 84604')).toBeVisible();
  await context.close();

  const refused = await signedInPage(browser, baseURL!, ...HOST);
  await refused.context().clearPermissions();
  await refused.goto('/register-driveway');
  await refused.getByRole('button', { name: 'Use my location' }).click();
  await expect(
    refused.getByText(
      'Your browser did not share your position. Allow location for this site, or find the address instead.',
    ),
  ).toBeVisible();
  await expect(refused.getByLabel('Street address')).toHaveValue('');
  // The venue form offers it too.
  await refused.goto('/register-event');
  await expect(refused.getByRole('button', { name: 'Use my location' })).toBeVisible();
  await refused.context().close();
});

test('with no geocoder setting the server asks Photon at its public address; GEOCODER_KIND=none turns it off', async ({
  browser,
}) => {
  const photon = await startPublicGeocoderStandIn('photon', PHOTON_PUBLIC_URL);
  // A database each: on the embedded default two servers cannot share one.
  const databases = [await createFreshDatabase(), await createFreshDatabase()];
  const [portDefault, portNone] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${portDefault}`;
  const servers = [
    await startServer({ ...databases[0]!.env, ...photon.env, GEOCODER_KIND: '' }, portDefault),
    await startServer({ ...databases[1]!.env, ...photon.env, GEOCODER_KIND: 'none' }, portNone),
  ];
  try {
    const host = await signedInPage(browser, base, ...HOST);
    await serveFakeMapTiles(host);
    await host.goto('/register-driveway');
    await expect(
      host.getByText('Address search by Photon (komoot), map data © OpenStreetMap contributors'),
    ).toBeVisible();
    await search(host).pressSequentially('1700 n canyon', { delay: 30 });
    const option = host.getByRole('option', { name: /1700 North Canyon Road/ });
    await expect(option).toBeVisible();
    await screenshots(host, 'driveway-form-searching');
    await option.click();
    await expect(host.getByLabel('Street address')).toHaveValue('1700 North Canyon Road');
    await screenshots(host, 'driveway-form-found');

    // It went to photon.komoot.io (through the stand-in), named the site, and nowhere else.
    expect(photon.connects).toContain('photon.komoot.io:443');
    expect(photon.refused).toEqual([]);
    expect(photon.provider.requests.some((r) => r.startsWith('/api?q=1700+n+canyon'))).toBe(true);
    expect(new Set(photon.provider.userAgents)).toEqual(new Set([`Parkside (${base})`]));
    // Typing sends a few lookups after pauses, not one per key.
    expect(photon.provider.requests.length).toBeLessThan('1700 n canyon'.length / 2);

    // Unreachable: one line with the next ways, in the time the server allows.
    photon.provider.failWith = 503;
    await search(host).fill('1750 n canyon');
    await expect(
      host.getByText(
        'Address search is not answering right now. Use your location, drop the pin on the map or enter coordinates instead.',
      ),
    ).toBeVisible();
    await screenshots(host, 'driveway-form-unreachable');

    // Turned off: no search box, and the other ways are still there.
    const off = await signedInPage(browser, `http://127.0.0.1:${portNone}`, ...HOST);
    await off.goto('/register-driveway');
    await expect(off.getByRole('button', { name: 'Use my location' })).toBeVisible();
    await expect(off.getByText('Enter coordinates instead', { exact: true })).toBeVisible();
    await expect(search(off)).toHaveCount(0);
    await off.goto('/register-event');
    await expect(off.getByRole('combobox', { name: 'Find the venue’s address' })).toHaveCount(0);
    await off.context().close();
    await host.context().close();
  } finally {
    await stopServers(servers);
    for (const database of databases) await database.drop();
    await photon.close();
  }
});
