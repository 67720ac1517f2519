import { PKPass } from 'passkit-generator';
import { PASS_IMAGES_BASE64 } from './images';
import type { AppleWalletConfig, WalletPassData } from './types';

/** The icons every pass carries, decoded once. */
let images: Record<string, Buffer> | null = null;
function passImages(): Record<string, Buffer> {
  images ??= Object.fromEntries(
    Object.entries(PASS_IMAGES_BASE64).map(([name, base64]) => [
      name,
      Buffer.from(base64, 'base64'),
    ]),
  );
  return images;
}

/** The pass.json of a parking pass: an event ticket whose QR is the check-in code. */
export function passJson(config: AppleWalletConfig, pass: WalletPassData) {
  return {
    formatVersion: 1,
    passTypeIdentifier: config.passTypeIdentifier,
    teamIdentifier: config.teamIdentifier,
    organizationName: config.organizationName ?? 'Parkside',
    description: `Parking pass: ${pass.eventTitle}`,
    serialNumber: pass.bookingId,
    logoText: 'Parkside',
    foregroundColor: 'rgb(0, 0, 0)',
    backgroundColor: 'rgb(255, 255, 255)',
    labelColor: 'rgb(4, 120, 87)',
    relevantDate: pass.availableFrom,
    expirationDate: pass.availableTo,
    voided: pass.status === 'cancelled',
    locations: [
      {
        latitude: pass.latitude,
        longitude: pass.longitude,
        relevantText: `Your parking for ${pass.eventTitle}`,
      },
    ],
    barcodes: [
      {
        format: 'PKBarcodeFormatQR',
        message: pass.code,
        messageEncoding: 'iso-8859-1',
        altText: `Gate code ${pass.gateCode}`,
      },
    ],
    eventTicket: {
      headerFields: [
        { key: 'gate', label: 'GATE CODE', value: pass.gateCode },
        { key: 'plate', label: 'PLATE', value: pass.licensePlate ?? 'Not given' },
      ],
      primaryFields: [{ key: 'event', label: 'EVENT', value: pass.eventTitle }],
      secondaryFields: [{ key: 'window', label: 'PARK BETWEEN', value: pass.windowText }],
      auxiliaryFields: [
        { key: 'address', label: 'ADDRESS', value: pass.address },
        ...(pass.payment ? [{ key: 'payment', label: 'PAYMENT', value: pass.payment }] : []),
      ],
      backFields: [
        { key: 'driveway', label: 'Driveway', value: pass.drivewayTitle },
        ...(pass.accessInstructions
          ? [{ key: 'access', label: 'How to get in', value: pass.accessInstructions }]
          : []),
        { key: 'host', label: 'Host', value: pass.hostName },
        ...(pass.vehicleDescription
          ? [{ key: 'vehicle', label: 'Vehicle', value: pass.vehicleDescription }]
          : []),
        { key: 'link', label: 'Your pass in Parkside', value: pass.passUrl },
      ],
    },
  };
}

/**
 * The booking's Apple Wallet pass (.pkpass): pass.json and the icons, a manifest of their SHA-1
 * hashes, and a detached PKCS #7 signature of the manifest made with the operator's Pass Type ID
 * certificate (passkit-generator does the hashing, signing and zipping).
 */
export function applePass(config: AppleWalletConfig, pass: WalletPassData): Buffer {
  const built = new PKPass(
    { ...passImages(), 'pass.json': Buffer.from(JSON.stringify(passJson(config, pass))) },
    {
      signerCert: config.signerCert,
      signerKey: config.signerKey,
      signerKeyPassphrase: config.signerKeyPassphrase,
      wwdr: config.wwdr,
    },
  );
  return built.getAsBuffer();
}
