import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Deliveries are signed as Stripe signs its own (decision 068): `Parkside-Signature:
 * t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint's secret>`. A
 * receiver recomputes the HMAC over the raw body it got and refuses an old `t` (a replay).
 */
export const SIGNATURE_HEADER = 'Parkside-Signature';

/** How old a signature a receiver should still accept. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload, 'utf8').digest('hex');

export function signatureHeader(secret: string, body: string, now = Date.now()): string {
  const t = Math.floor(now / 1000);
  return `t=${t},v1=${hmac(secret, `${t}.${body}`)}`;
}

/** True when `header` signs `body` with `secret`, made within the tolerance of `now`. */
export function verifySignature(
  secret: string,
  body: string,
  header: string | null | undefined,
  { now = Date.now(), toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS } = {},
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((part) => part.trim().split('='));
  const t = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(hmac(secret, `${t}.${body}`));
  return parts
    .filter(([key]) => key === 'v1')
    .some(([, value]) => {
      const given = Buffer.from(value ?? '');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

/**
 * An endpoint's secret, derived from the server's webhook key and the endpoint's salt: the
 * database holds the salt only, so a copy of it cannot sign deliveries.
 */
export function endpointSecret(key: string, endpointId: string, salt: string): string {
  return `whsec_${createHmac('sha256', key).update(`${endpointId}:${salt}`).digest('base64url')}`;
}

export const newSalt = () => randomBytes(16).toString('base64url');
