import { importPKCS8, SignJWT } from 'jose';
import type { GoogleWalletConfig, WalletPassData } from './types';

/** The class every parking pass object belongs to, under the operator's issuer id. */
export const googleClassId = (config: Pick<GoogleWalletConfig, 'issuerId'>) =>
  `${config.issuerId}.parkside_parking_pass`;

/** A booking's pass object, under the operator's issuer id. */
export const googleObjectId = (config: Pick<GoogleWalletConfig, 'issuerId'>, bookingId: string) =>
  `${config.issuerId}.${bookingId.replace(/-/g, '')}`;

const english = (value: string) => ({ defaultValue: { language: 'en-US', value } });

/**
 * The generic class of every parking pass: the site's name and address (a generic class has no
 * colours or logo of its own; its objects carry them).
 */
export function googlePassClass(config: GoogleWalletConfig) {
  return {
    id: googleClassId(config),
    multipleDevicesAndHoldersAllowedStatus: 'ONE_USER_ALL_DEVICES',
    linksModuleData: {
      uris: [
        { uri: new URL('/', config.publicUrl).toString(), description: 'Parkside', id: 'site' },
      ],
    },
  };
}

/** The generic pass object: the same facts as the pass page, and its QR is the check-in code. */
export function googlePassObject(config: GoogleWalletConfig, pass: WalletPassData) {
  return {
    id: googleObjectId(config, pass.bookingId),
    classId: googleClassId(config),
    state: pass.status === 'cancelled' ? 'INACTIVE' : 'ACTIVE',
    logo: {
      sourceUri: { uri: new URL('/icons/any-512.png', config.publicUrl).toString() },
      contentDescription: english('Parkside'),
    },
    cardTitle: english('Parkside parking pass'),
    header: english(pass.eventTitle),
    subheader: english(pass.windowText),
    hexBackgroundColor: '#047857',
    barcode: { type: 'QR_CODE', value: pass.code, alternateText: `Gate code ${pass.gateCode}` },
    validTimeInterval: {
      start: { date: pass.availableFrom },
      end: { date: pass.availableTo },
    },
    textModulesData: [
      { id: 'gate', header: 'Gate code', body: pass.gateCode },
      { id: 'plate', header: 'License plate', body: pass.licensePlate ?? 'Not given' },
      ...(pass.payment ? [{ id: 'payment', header: 'Payment', body: pass.payment }] : []),
      { id: 'address', header: 'Address', body: `${pass.drivewayTitle}, ${pass.address}` },
      ...(pass.accessInstructions
        ? [{ id: 'access', header: 'How to get in', body: pass.accessInstructions }]
        : []),
      { id: 'host', header: 'Host', body: pass.hostName },
    ],
    linksModuleData: {
      uris: [{ uri: pass.passUrl, description: 'Your pass in Parkside', id: 'pass' }],
    },
    locations: [{ latitude: pass.latitude, longitude: pass.longitude }],
  };
}

/** The service account's key, parsed once per key (every pass page signs a link with it). */
const keys = new Map<string, ReturnType<typeof importPKCS8>>();
function signingKey(pem: string): ReturnType<typeof importPKCS8> {
  let key = keys.get(pem);
  if (!key) {
    key = importPKCS8(pem, 'RS256');
    keys.set(pem, key);
  }
  return key;
}

/**
 * "Save to Google Wallet": a link to pay.google.com with a JWT (RS256, signed with the issuer's
 * service account key) that names the pass's object, made beforehand through the Wallet API
 * (google-api.ts): its id and class only, so the link stays far under the 2,000 characters
 * Google asks for whatever the pass says.
 */
export async function googleSaveUrl(
  config: GoogleWalletConfig,
  bookingId: string,
): Promise<string> {
  const key = await signingKey(config.privateKey);
  const token = await new SignJWT({
    origins: [new URL(config.publicUrl).origin],
    typ: 'savetowallet',
    payload: {
      genericObjects: [{ id: googleObjectId(config, bookingId), classId: googleClassId(config) }],
    },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(config.serviceAccountEmail)
    .setAudience('google')
    .setIssuedAt()
    .sign(key);
  return `https://pay.google.com/gp/v/save/${token}`;
}
