import { importPKCS8, SignJWT } from 'jose';
import type { GoogleWalletConfig, WalletPassData } from './types';

/** The class every parking pass object belongs to, under the operator's issuer id. */
export const googleClassId = (config: GoogleWalletConfig) =>
  `${config.issuerId}.parkside_parking_pass`;

/** The generic pass object: the same facts as the pass page, and its QR is the check-in code. */
export function googlePassObject(config: GoogleWalletConfig, pass: WalletPassData) {
  return {
    id: `${config.issuerId}.${pass.bookingId.replace(/-/g, '')}`,
    classId: googleClassId(config),
    state: pass.status === 'cancelled' ? 'INACTIVE' : 'ACTIVE',
    cardTitle: { defaultValue: { language: 'en-US', value: 'Parkside parking pass' } },
    header: { defaultValue: { language: 'en-US', value: pass.eventTitle } },
    subheader: { defaultValue: { language: 'en-US', value: pass.windowText } },
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
 * service account key) that carries the pass object, as Google's Wallet API documents it.
 */
export async function googleSaveUrl(
  config: GoogleWalletConfig,
  pass: WalletPassData,
): Promise<string> {
  const key = await signingKey(config.privateKey);
  const token = await new SignJWT({
    origins: [config.origin],
    typ: 'savetowallet',
    payload: { genericObjects: [googlePassObject(config, pass)] },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(config.serviceAccountEmail)
    .setAudience('google')
    .setIssuedAt()
    .sign(key);
  return `https://pay.google.com/gp/v/save/${token}`;
}
