/**
 * Wallet passes made with throwaway certificates and keys, then checked as Apple and Google
 * would: the .pkpass's manifest hashes every file and its PKCS #7 signature verifies (by OpenSSL)
 * against the issuing certificate; the Google link's JWT verifies with the service account's
 * public key. Both carry the pass's own check-in code (the QR) and its gate code.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importSPKI, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { applePass, googleSaveUrl, type WalletPassData } from './index';
import { makeAppleTestCertificates, makeGoogleTestKey, unzip } from './testing';

const pass: WalletPassData = {
  bookingId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  status: 'confirmed',
  code: 'PK3YFBJGJ9EH28HBH5YHWBAHVYV0KKBDPX1WNAZV15NR',
  gateCode: 'K7F 3QX',
  eventTitle: 'Cougars Under the Lights',
  venueName: 'LaVell Edwards Stadium',
  availableFrom: '2026-11-28T20:00:00.000Z',
  availableTo: '2026-11-29T01:00:00.000Z',
  windowText: '1:00 PM – 6:00 PM MST',
  licensePlate: '4LUX 112',
  vehicleDescription: 'Blue Honda Fit',
  drivewayTitle: 'Wide driveway on Oak Lane',
  address: '1620 N Oak Ln, Provo, UT 84604',
  latitude: 40.2611,
  longitude: -111.6512,
  accessInstructions: 'Enter from Oak Lane; park two by two.',
  hostName: 'Hayden Host',
  payment: 'Pay $15.00 to the host when you arrive',
  passUrl: 'https://parkside.example/bookings/0f8fad5b-d9cb-469f-a165-70867728950e/pass',
};

/** OpenSSL's verdict on a detached signature of `content`, trusting only `ca`. */
function opensslVerifies(signature: Buffer, content: Buffer, ca: string): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'parkside-pkpass-'));
  writeFileSync(join(dir, 'signature'), signature);
  writeFileSync(join(dir, 'manifest.json'), content);
  writeFileSync(join(dir, 'ca.pem'), ca);
  try {
    execFileSync(
      'openssl',
      [
        'smime',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        'signature',
        '-content',
        'manifest.json',
        '-CAfile',
        'ca.pem',
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ],
      { cwd: dir, stdio: 'pipe' },
    );
    return true;
  } catch {
    return false;
  }
}

describe('Apple Wallet', () => {
  const certificates = makeAppleTestCertificates();

  it('makes a signed .pkpass whose barcode is the check-in code', async () => {
    const files = await unzip(applePass(certificates, pass));
    expect([...files.keys()].sort()).toEqual([
      'icon.png',
      'icon@2x.png',
      'logo.png',
      'manifest.json',
      'pass.json',
      'signature',
    ]);
    // The manifest hashes every other file, as Wallet checks.
    const manifest = JSON.parse(files.get('manifest.json')!.toString()) as Record<string, string>;
    for (const [name, bytes] of files) {
      if (name === 'manifest.json' || name === 'signature') continue;
      expect(manifest[name], name).toBe(createHash('sha1').update(bytes).digest('hex'));
    }
    const json = JSON.parse(files.get('pass.json')!.toString());
    expect(json).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.test.parkside',
      teamIdentifier: 'TESTTEAM01',
      serialNumber: pass.bookingId,
      voided: false,
      relevantDate: pass.availableFrom,
      barcodes: [{ format: 'PKBarcodeFormatQR', message: pass.code, altText: 'Gate code K7F 3QX' }],
      locations: [{ latitude: pass.latitude, longitude: pass.longitude }],
    });
    const fields = [
      ...json.eventTicket.headerFields,
      ...json.eventTicket.primaryFields,
      ...json.eventTicket.secondaryFields,
      ...json.eventTicket.auxiliaryFields,
      ...json.eventTicket.backFields,
    ].map((field: { value: string }) => field.value);
    // The gate code is the first thing on the front, beside the plate.
    expect(json.eventTicket.headerFields[0]).toMatchObject({
      label: 'GATE CODE',
      value: 'K7F 3QX',
    });
    expect(fields).toEqual(
      expect.arrayContaining([
        '4LUX 112',
        'Cougars Under the Lights',
        '1:00 PM – 6:00 PM MST',
        '1620 N Oak Ln, Provo, UT 84604',
        'Enter from Oak Lane; park two by two.',
        'Hayden Host',
        'Pay $15.00 to the host when you arrive',
      ]),
    );

    // The signature is the operator's, over exactly this manifest.
    const signature = files.get('signature')!;
    expect(opensslVerifies(signature, files.get('manifest.json')!, certificates.wwdr)).toBe(true);
    const changed = Buffer.from(files.get('manifest.json')!.toString().replace('"', ' "'));
    expect(opensslVerifies(signature, changed, certificates.wwdr)).toBe(false);
    const stranger = makeAppleTestCertificates();
    expect(opensslVerifies(signature, files.get('manifest.json')!, stranger.wwdr)).toBe(false);
  });

  it('voids the pass of a cancelled booking', async () => {
    const files = await unzip(applePass(certificates, { ...pass, status: 'cancelled' }));
    expect(JSON.parse(files.get('pass.json')!.toString()).voided).toBe(true);
  });
});

describe('Google Wallet', () => {
  const key = makeGoogleTestKey();
  const config = {
    issuerId: '3388000000022222222',
    serviceAccountEmail: key.serviceAccountEmail,
    privateKey: key.privateKey,
    origin: 'https://parkside.example',
  };

  it('links to a JWT signed by the service account that holds the pass object', async () => {
    const url = new URL(await googleSaveUrl(config, pass));
    expect(url.origin).toBe('https://pay.google.com');
    const token = url.pathname.replace('/gp/v/save/', '');
    const { payload, protectedHeader } = await jwtVerify(
      token,
      await importSPKI(key.publicKey, 'RS256'),
      { issuer: key.serviceAccountEmail, audience: 'google' },
    );
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({
      typ: 'savetowallet',
      origins: ['https://parkside.example'],
      payload: {
        genericObjects: [
          {
            id: `${config.issuerId}.0f8fad5bd9cb469fa16570867728950e`,
            classId: `${config.issuerId}.parkside_parking_pass`,
            state: 'ACTIVE',
            barcode: { type: 'QR_CODE', value: pass.code, alternateText: 'Gate code K7F 3QX' },
            header: { defaultValue: { value: 'Cougars Under the Lights' } },
            textModulesData: expect.arrayContaining([
              { id: 'gate', header: 'Gate code', body: 'K7F 3QX' },
              {
                id: 'payment',
                header: 'Payment',
                body: 'Pay $15.00 to the host when you arrive',
              },
            ]),
          },
        ],
      },
    });
    // Signed by no one else.
    const other = makeGoogleTestKey();
    await expect(jwtVerify(token, await importSPKI(other.publicKey, 'RS256'))).rejects.toThrow();
  });
});
