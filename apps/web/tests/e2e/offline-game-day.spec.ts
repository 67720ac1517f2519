import {
  makeAppleTestCertificates,
  makeGoogleTestKey,
  startGoogleWalletTestServer,
  unzip,
} from '@parkside/wallet/testing';
import { expect, test, type Page } from './fixtures';
import { importSPKI, jwtVerify } from 'jose';
import { readFileSync } from 'node:fs';
import { bookThroughApi, callApi, screenshots } from './page-api';
import { bookedTonight, gameTonight, startGameDayServer } from './game-tonight';
import { readQr } from './qr';
import { signedInPhone, signOut } from './session';

// Game day without a signal (decision 042), on the production build at 390 px: the driver's
// pass and the host's arrivals open offline, a check-in made offline reaches the server when the
// signal returns, and sign-out leaves nothing on the phone.
test.describe.configure({ timeout: 180_000 });

/** Until the service worker controls the page and has stored the build's files. */
async function offlineReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test('passes and check-in work with no signal, and sign-out leaves nothing behind', async ({
  browser,
}) => {
  test.skip(!process.env.TEST_DATABASE_URL, 'the event is set up with SQL on PostgreSQL');
  const site = await startGameDayServer();
  const { base, sql, close } = site;
  try {
    const tonight = await bookedTonight(browser, site, 'Cougars Under the Lights', {
      licensePlate: '4LUX 112',
      vehicleDescription: 'Blue Honda Fit',
    });
    const { driver, bookingId } = tonight;
    const listing = tonight.game.listingId;
    // A second car, whose driver cancels while the host has no signal.
    const other = await signedInPhone(browser, base, 'admin@example.com', 'parkside-admin');
    const secondId = await bookThroughApi(other, listing, {
      licensePlate: '9ZZZ 001',
      vehicleDescription: 'Red pickup',
    });

    // And a pass for another game, which the driver cancels later.
    const droppedId = await bookThroughApi(
      driver,
      (await gameTonight(sql, 'Cougars Second Game')).listingId,
      {
        licensePlate: '4LUX 112',
        vehicleDescription: 'Blue Honda Fit',
      },
    );
    const droppedPass = `/bookings/${droppedId}/pass`;

    // Online, My bookings keeps the upcoming passes on the phone.
    await driver.goto('/my-bookings');
    await offlineReady(driver);
    await driver.reload();
    // The note keeps the room of its longer text unseen (nothing below it moves): the one read.
    const note = (text: string) => driver.getByText(text).filter({ visible: true });
    await expect(note('Your 2 upcoming passes are saved on this phone.')).toBeVisible();
    const savedOnPhone = (path: string) =>
      driver.evaluate(
        async (key) => Boolean(await (await caches.open('parkside-saved-v1')).match(key)),
        path,
      );
    expect(await savedOnPhone(droppedPass)).toBe(true);
    // Cancelled, it leaves the phone at the next sync.
    expect((await callApi(driver, 'booking.cancel', { bookingId: droppedId })).status).toBe(200);
    await driver.reload();
    await expect(note('Your pass is saved on this phone.')).toBeVisible();
    expect(await savedOnPhone(droppedPass)).toBe(false);
    expect(await savedOnPhone(`/bookings/${bookingId}/pass`)).toBe(true);

    // No signal: the pass still opens from My bookings, says it is the saved copy, and its QR
    // holds the check-in code.
    await driver.context().setOffline(true);
    await driver
      .getByRole('article', { name: 'Booking for Cougars Under the Lights' })
      .getByRole('link', { name: 'Show parking pass' })
      .click();
    await expect(driver.getByRole('heading', { level: 1 })).toHaveText('Cougars Under the Lights');
    await expect(driver.getByText(/^Saved on this phone · updated /)).toBeVisible();
    await expect(driver.getByText('4LUX 112', { exact: true })).toBeVisible();
    const qr = driver.getByRole('img', { name: /^QR code of your pass/ });
    expect(await readQr(qr)).toMatch(/^PK[0-9A-Z]{40,}$/);
    // The driveway's photo, to know it from the street, came from the phone too.
    const photo = driver.getByRole('img', { name: /^The driveway: / });
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    const gateCode = (await driver.locator('[data-gate-code]').textContent())!;
    expect(gateCode).toMatch(/^[2-9A-HJKMNP-Z]{3} [2-9A-HJKMNP-Z]{3}$/);
    await screenshots(driver, 'offline-pass');
    // Wallet is not configured on this server: no button for it.
    await expect(driver.getByRole('link', { name: /Wallet/ })).toHaveCount(0);

    // No other signed-in page comes from the phone: My bookings itself needs the signal.
    await driver.goto('/my-bookings');
    await expect(driver.getByRole('heading', { level: 1 })).toHaveText('No signal right now');
    // A page that is not saved says so, and lists what is.
    await driver.goto('/events');
    await expect(driver.getByRole('heading', { level: 1 })).toHaveText('No signal right now');
    await expect(
      driver.getByRole('list', { name: 'Saved on this phone' }).getByRole('link'),
    ).toContainText(['Cougars Under the Lights']);
    await screenshots(driver, 'offline-page');

    await driver.context().setOffline(false);

    // The host at the curb: Arrivals saved with a signal, then none.
    const host = await signedInPhone(browser, base, 'host@example.com', 'parkside-host');
    await host.goto('/arrivals');
    await offlineReady(host);
    await host.reload();
    await expect
      .poll(() =>
        host.evaluate(async () =>
          Boolean(await (await caches.open('parkside-saved-v1')).match('/arrivals')),
        ),
      )
      .toBe(true);
    await host.context().setOffline(true);
    await host.goto('/arrivals');
    await expect(host.getByText(/^Saved on this phone · updated/)).toBeVisible();
    const arrivals = host.getByRole('region', { name: 'Arrivals' });
    // The first car by the code typed from the driver's pass, the second by its button.
    await arrivals.getByLabel('Gate code').fill(gateCode.toLowerCase());
    await arrivals.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(arrivals.getByRole('status')).toHaveText(
      'No signal: 4LUX 112 (Dana) is checked in on this phone. It is sent when the signal returns.',
    );
    await arrivals.getByRole('button', { name: 'Check in 9ZZZ 001' }).click();
    for (const plate of ['4LUX 112', '9ZZZ 001']) {
      await expect(arrivals.getByRole('listitem', { name: `Car ${plate}` })).toContainText(
        'Checked in · not sent yet',
      );
    }
    await screenshots(host, 'offline-arrivals');
    const checkedIn = async () =>
      (
        await sql<{ plate: string; at: Date | null }[]>`
        select license_plate as plate, checked_in_at as at from bookings
        where listing_id = ${listing} order by license_plate`
      ).map((row) => Boolean(row.at));
    expect(await checkedIn()).toEqual([false, false]);

    // Meanwhile the second car's driver cancels.
    expect((await callApi(other, 'booking.cancel', { bookingId: secondId })).status).toBe(200);

    // The signal returns: the first check-in reaches the server, the second is refused and said.
    await host.context().setOffline(false);
    await expect(arrivals.getByRole('status')).toHaveText('Sent: Checked in: 4LUX 112 (Dana).');
    await expect(arrivals.getByRole('alert')).toContainText(
      '9ZZZ 001: This booking was cancelled; the car has no space here.',
    );
    await expect(arrivals.getByRole('listitem', { name: 'Car 4LUX 112' })).toContainText(
      /Checked in \d/,
    );
    expect(await checkedIn()).toEqual([true, false]);
    await screenshots(host, 'offline-arrivals-sent');

    // The driver's pass says so.
    await driver.goto(`/bookings/${bookingId}/pass`);
    await expect(driver.getByRole('status')).toContainText('Checked in');

    // Signed out, the phone keeps nothing: offline, the pass's address shows no pass.
    await driver.goto('/my-bookings');
    await signOut(driver);
    await offlineReady(driver);
    await driver.context().setOffline(true);
    await driver.goto(`/bookings/${bookingId}/pass`);
    await expect(driver.getByRole('heading', { level: 1 })).toHaveText('No signal right now');
    await expect(driver.getByText('Nothing is saved on this phone yet.')).toBeVisible();
    await expect(driver.getByText('4LUX 112')).toHaveCount(0);
  } finally {
    await close();
  }
});

test('Wallet passes where the operator set their keys, with the pass’s own check-in code', async ({
  browser,
}) => {
  test.skip(!process.env.TEST_DATABASE_URL, 'the event is set up with SQL on PostgreSQL');
  const apple = makeAppleTestCertificates('pass.test.parkside');
  const google = makeGoogleTestKey();
  // Google's token endpoint and Wallet API, answered on loopback (decision 066).
  const walletApi = await startGoogleWalletTestServer(google);
  const site = await startGameDayServer({
    APPLE_WALLET_PASS_TYPE_ID: apple.passTypeIdentifier,
    APPLE_WALLET_TEAM_ID: apple.teamIdentifier,
    APPLE_WALLET_CERT: apple.signerCert,
    APPLE_WALLET_KEY: apple.signerKey,
    APPLE_WALLET_KEY_PASSPHRASE: apple.signerKeyPassphrase,
    APPLE_WALLET_WWDR_CERT: apple.wwdr,
    GOOGLE_WALLET_ISSUER_ID: '3388000000022222222',
    GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify({
      type: 'service_account',
      client_email: google.serviceAccountEmail,
      private_key: google.privateKey,
      token_uri: walletApi.tokenUrl,
    }),
    GOOGLE_WALLET_API_URL: walletApi.apiUrl,
  });
  const { base, close } = site;
  try {
    const { driver, bookingId } = await bookedTonight(browser, site, 'Cougars Wallet Night', {
      licensePlate: '7WAL 123',
      vehicleDescription: 'Silver Prius',
    });
    await driver.goto(`/bookings/${bookingId}/pass`);
    const qr = driver.getByRole('img', { name: /^QR code of your pass/ });
    const code = await readQr(qr);
    const gateCode = (await driver.locator('[data-gate-code]').textContent())!;

    // Apple: the download is a .pkpass whose barcode is the code under the QR.
    const file = await driver.request.get(`/bookings/${bookingId}/pass.pkpass`);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/vnd.apple.pkpass');
    const [download] = await Promise.all([
      driver.waitForEvent('download'),
      driver.getByRole('link', { name: 'Add to Apple Wallet' }).click(),
    ]);
    const files = await unzip(readFileSync((await download.path())!));
    const passJson = JSON.parse(files.get('pass.json')!.toString());
    expect(passJson).toMatchObject({
      passTypeIdentifier: 'pass.test.parkside',
      serialNumber: bookingId,
      barcodes: [{ format: 'PKBarcodeFormatQR', message: code }],
    });
    expect(passJson.eventTicket.headerFields[0]).toMatchObject({
      label: 'GATE CODE',
      value: gateCode,
    });
    expect(files.has('signature')).toBe(true);

    // Google: once the job queue has saved the pass's object at Google, a save link that names
    // it, signed by the service account, short enough for any browser or mail client.
    const saveLink = driver.getByRole('link', { name: 'Save to Google Wallet' });
    await expect(async () => {
      await driver.reload();
      await expect(saveLink).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await saveLink.scrollIntoViewIfNeeded();
    await screenshots(driver, 'pass-wallet-buttons');
    const href = (await saveLink.getAttribute('href'))!;
    expect(href.length).toBeLessThan(2000);
    const token = href.replace('https://pay.google.com/gp/v/save/', '');
    const { payload } = await jwtVerify(token, await importSPKI(google.publicKey, 'RS256'), {
      audience: 'google',
      issuer: google.serviceAccountEmail,
    });
    const objectId = `3388000000022222222.${bookingId.replace(/-/g, '')}`;
    expect(payload).toMatchObject({
      origins: [base],
      payload: {
        genericObjects: [{ id: objectId, classId: '3388000000022222222.parkside_parking_pass' }],
      },
    });
    expect(walletApi.classes.has('3388000000022222222.parkside_parking_pass')).toBe(true);
    expect(walletApi.objects.get(objectId)).toMatchObject({
      state: 'ACTIVE',
      barcode: { type: 'QR_CODE', value: code, alternateText: `Gate code ${gateCode}` },
    });

    // Nobody else gets the pass file; a cancelled booking has no Wallet pass.
    const host = await signedInPhone(browser, base, 'host@example.com', 'parkside-host');
    expect((await host.request.get(`/bookings/${bookingId}/pass.pkpass`)).status()).toBe(404);
    expect((await callApi(driver, 'booking.cancel', { bookingId })).status).toBe(200);
    await driver.reload();
    await expect(driver.getByRole('link', { name: 'Add to Apple Wallet' })).toHaveCount(0);
    await expect(driver.getByRole('link', { name: 'Save to Google Wallet' })).toHaveCount(0);
    expect((await driver.request.get(`/bookings/${bookingId}/pass.pkpass`)).status()).toBe(404);
    // The cancel reaches the object at Google through the job queue: no longer valid.
    await expect
      .poll(() => walletApi.objects.get(objectId)?.state, { timeout: 30_000 })
      .toBe('INACTIVE');
  } finally {
    await close();
    await walletApi.close();
  }
});
