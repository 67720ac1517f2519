import { createHash, randomBytes } from 'node:crypto';

/** An unguessable token for cookies and e-mailed links (160 bits, URL-safe). */
export function generateToken(): string {
  return randomBytes(20).toString('base64url');
}

/** What we store in place of a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new user id: 128 random bits, lower-case base32-ish hex. */
export function generateUserId(): string {
  return randomBytes(16).toString('hex');
}
