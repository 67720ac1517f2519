import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new download token or API token secret: 192 random bits, URL-safe. */
export function generateSecret(prefix = ''): string {
  return `${prefix}${randomBytes(24).toString('base64url')}`;
}

/** What is stored in place of a token: its SHA-256, hex. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Compares two strings in time that does not depend on where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  // Compare equal-length buffers always, so the length check leaks nothing about the content.
  const same = timingSafeEqual(
    createHash('sha256').update(left).digest(),
    createHash('sha256').update(right).digest(),
  );
  return same && left.length === right.length;
}

/** True when `token` hashes to one of `hashes` (every hash is compared, in constant time). */
export function matchesAnyHash(token: string, hashes: readonly string[]): boolean {
  const hash = sha256Hex(token);
  let found = false;
  for (const candidate of hashes) found = safeEqual(hash, candidate) || found;
  return found;
}

/** The app-check token: "v1.<expiry in seconds>.<nonce>.<HMAC-SHA256>", short-lived. */
export function issueAppCheckToken(
  secret: string,
  { ttlSeconds = 3600, now = Date.now() }: { ttlSeconds?: number; now?: number } = {},
): { token: string; expiresAt: number } {
  const expiresAt = Math.floor(now / 1000) + ttlSeconds;
  const body = `v1.${expiresAt}.${randomBytes(9).toString('base64url')}`;
  const mac = createHmac('sha256', secret).update(body).digest('base64url');
  return { token: `${body}.${mac}`, expiresAt: expiresAt * 1000 };
}

export function verifyAppCheckToken(
  secret: string,
  token: string | null | undefined,
  now = Date.now(),
): boolean {
  if (!token || token.length > 200) return false;
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== 'v1') return false;
  const body = parts.slice(0, 3).join('.');
  const expected = createHmac('sha256', secret).update(body).digest('base64url');
  if (!safeEqual(expected, parts[3]!)) return false;
  const expiresAt = Number(parts[1]);
  return Number.isInteger(expiresAt) && expiresAt * 1000 > now;
}
