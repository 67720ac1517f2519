/**
 * Apple Wallet passes made with throwaway certificates, then checked as Apple would: the
 * .pkpass's manifest hashes every file and its PKCS #7 signature verifies (by OpenSSL) against the
 * issuing certificate. It carries the pass's own check-in code (the QR) and its gate code. Google
 * Wallet is in google-api.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applePass, type WalletPassData } from './index';
import { makeAppleTestCertificates, unzip } from './testing';

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
