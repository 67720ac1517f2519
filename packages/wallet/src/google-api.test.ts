/**
 * Google Wallet as Google would see it, against a local server that answers as its token
 * endpoint and the Wallet API do (google-wallet-server.ts): the service account's token by the
 * JWT bearer grant, the class and the objects made and changed through the API, and a save link
 * that names the saved object, signed by the service account, far under 2,000 characters.
 */
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  googleObjectId,
  googleSaveUrl,
  GoogleWalletError,
  saveGooglePassClass,
  saveGooglePassObject,
  type GoogleWalletConfig,
  type WalletPassData,
} from './index';
import {
  makeGoogleTestKey,
  startGoogleWalletTestServer,
  type GoogleWalletTestServer,
} from './testing';

const key = makeGoogleTestKey();
let google: GoogleWalletTestServer;
let config: GoogleWalletConfig;

/** A pass with every text as long as the forms allow (titles 80, instructions 1,000). */
const longest: WalletPassData = {
  bookingId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  status: 'confirmed',
  code: 'PK3YFBJGJ9EH28HBH5YHWBAHVYV0KKBDPX1WNAZV15NR',
  gateCode: 'K7F 3QX',
  eventTitle: 'E'.repeat(80),
  venueName: 'V'.repeat(80),
  availableFrom: '2026-11-28T20:00:00.000Z',
  availableTo: '2026-11-29T01:00:00.000Z',
  windowText: '1:00 PM MST on Sat, Nov 28, 2026 – 6:00 PM MST',
  licensePlate: 'ABCDEFGH12',
  vehicleDescription: 'D'.repeat(80),
  drivewayTitle: 'T'.repeat(80),
  address: `${'S'.repeat(120)}, ${'C'.repeat(60)}, UT 84604`,
  latitude: 40.2611,
  longitude: -111.6512,
  accessInstructions: 'A'.repeat(1000),
  hostName: 'H'.repeat(80),
  payment: 'Pay $15.00 to the host when you arrive',
  passUrl: 'https://parkside.example/bookings/0f8fad5b-d9cb-469f-a165-70867728950e/pass',
};

beforeAll(async () => {
  google = await startGoogleWalletTestServer(key);
  config = {
    issuerId: '3388000000022222222',
    serviceAccountEmail: key.serviceAccountEmail,
    privateKey: key.privateKey,
    tokenUrl: google.tokenUrl,
    apiUrl: google.apiUrl,
    publicUrl: 'https://parkside.example',
  };
});
afterAll(() => google.close());

describe('Google Wallet through its API', () => {
  it('makes the class once and brings it up to date after, with the token Google issued', async () => {
    expect(await saveGooglePassClass(config)).toBe('inserted');
    expect(await saveGooglePassClass(config)).toBe('updated');
    expect(google.classes.get(`${config.issuerId}.parkside_parking_pass`)).toMatchObject({
      linksModuleData: { uris: [{ uri: 'https://parkside.example/', description: 'Parkside' }] },
    });
    // One token for every call: asked for once, by the JWT bearer grant.
    expect(google.calls.filter((call) => call === 'POST /token')).toHaveLength(1);
  });

  it('makes the pass object, then changes it when the booking is cancelled', async () => {
    const id = googleObjectId(config, longest.bookingId);
    expect(await saveGooglePassObject(config, longest)).toBe('inserted');
    expect(google.objects.get(id)).toMatchObject({
      state: 'ACTIVE',
      classId: `${config.issuerId}.parkside_parking_pass`,
      barcode: { type: 'QR_CODE', value: longest.code, alternateText: 'Gate code K7F 3QX' },
      logo: { sourceUri: { uri: 'https://parkside.example/icons/any-512.png' } },
    });
    expect(await saveGooglePassObject(config, { ...longest, status: 'cancelled' })).toBe('patched');
    expect(google.objects.get(id)).toMatchObject({ state: 'INACTIVE' });
  });

  it('links to the saved object by its id only: signed, from the site, under 2,000 characters', async () => {
    const link = await googleSaveUrl(config, longest.bookingId);
    expect(link.length).toBeLessThan(2000);
    const token = link.replace('https://pay.google.com/gp/v/save/', '');
    const { payload } = await jwtVerify(token, await importSPKI(key.publicKey, 'RS256'), {
      issuer: key.serviceAccountEmail,
      audience: 'google',
    });
    const object = {
      id: googleObjectId(config, longest.bookingId),
      classId: `${config.issuerId}.parkside_parking_pass`,
    };
    expect(payload).toMatchObject({
      typ: 'savetowallet',
      origins: ['https://parkside.example'],
      payload: { genericObjects: [object] },
    });
    // The object the link names exists at Google.
    expect(google.objects.has(object.id)).toBe(true);
    // Signed by no one else.
    const other = makeGoogleTestKey();
    await expect(jwtVerify(token, await importSPKI(other.publicKey, 'RS256'))).rejects.toThrow();
  });

  it('says so when Google is away or refuses the key, so the job tries again', async () => {
    google.failNext(1);
    await expect(saveGooglePassObject(config, longest)).rejects.toThrow(GoogleWalletError);
    const stranger = makeGoogleTestKey();
    await expect(
      saveGooglePassClass({
        ...config,
        serviceAccountEmail: 'x@y.iam.gserviceaccount.com',
        privateKey: stranger.privateKey,
      }),
    ).rejects.toThrow(/token request \(400 invalid_grant\)/);
  });
});
