/**
 * The check-in code on a driver's pass: the booking id and a keyed signature (HMAC-SHA256, 80
 * bits), written in Crockford base32 so it fits a QR code's alphanumeric mode and can be typed
 * from the screen when a camera is refused. Without the key nobody can make one, and a changed
 * character fails the signature.
 */
import { normalizeCheckInCode } from '@parkside/validators';
import { createHmac, timingSafeEqual } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const PREFIX = 'PK';
const MAC_BYTES = 10;

function encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

function decode(text: string): Buffer | null {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) return null;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

const mac = (key: string, id: Buffer) =>
  createHmac('sha256', key).update('parkside-pass:').update(id).digest().subarray(0, MAC_BYTES);

/** The code for a booking, e.g. `PK3Z8R…` (44 characters). */
export function checkInCodeFor(bookingId: string, key: string): string {
  const id = Buffer.from(bookingId.replace(/-/g, ''), 'hex');
  return PREFIX + encode(Buffer.concat([id, mac(key, id)]));
}

/** The booking id a code was made for, or null when it is not one of ours or was changed. */
export function bookingIdOfCode(input: string, key: string): string | null {
  const code = normalizeCheckInCode(input);
  if (!code.startsWith(PREFIX)) return null;
  const bytes = decode(code.slice(PREFIX.length));
  if (!bytes || bytes.length !== 16 + MAC_BYTES) return null;
  const id = bytes.subarray(0, 16);
  if (!timingSafeEqual(bytes.subarray(16), mac(key, id))) return null;
  const hex = id.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
