/**
 * The file storage protocol the site and internal tools speak (seed spec, sections 3, 5, 7, 8).
 * Browser-safe: no Node imports.
 *
 *   POST   /v0/b/{bucket}/o?name={path}           multipart upload (a JSON `metadata` part, a file part)
 *   GET    /v0/b/{bucket}/o/{encoded path}        the object's metadata (exactly OBJECT_METADATA_FIELDS)
 *   GET    /v0/b/{bucket}/o/{encoded path}?alt=media&token={download token}   the bytes
 *   DELETE /v0/b/{bucket}/o/{encoded path}        200 with an empty body
 *
 * Requests carry `Authorization` (the session cookie or `Bearer <API token>`) and the app-check
 * header. Statuses: 401 unauthenticated or invalid app-check token, 402 quota exceeded, 403 not
 * allowed to write there, 404 object not found (also for another user's object).
 */

/** Exactly the seed's stored file object metadata, in its order. */
export const OBJECT_METADATA_FIELDS = [
  'bucket',
  'generation',
  'metageneration',
  'fullPath',
  'name',
  'size',
  'timeCreated',
  'updated',
  'md5Hash',
  'cacheControl',
  'contentDisposition',
  'contentEncoding',
  'contentLanguage',
  'contentType',
  'customMetadata',
] as const;

export interface ObjectMetadata {
  bucket: string;
  /** A decimal string: changes every time the object is overwritten. */
  generation: string;
  /** A decimal string: changes when only the metadata changes. */
  metageneration: string;
  fullPath: string;
  /** The last segment of fullPath. */
  name: string;
  size: number;
  /** ISO 8601. */
  timeCreated: string;
  updated: string;
  /** Base64 MD5 of the bytes. */
  md5Hash: string;
  cacheControl: string | undefined;
  contentDisposition: string | undefined;
  contentEncoding: string | undefined;
  contentLanguage: string | undefined;
  contentType: string;
  customMetadata: Record<string, string>;
}

/** The upload's answer: the metadata plus the one download token made with it (shown once). */
export interface UploadResult extends ObjectMetadata {
  downloadTokens: string;
}

export const APP_CHECK_HEADER = 'X-Parkside-AppCheck';
export const APP_CHECK_PATH = '/storage/app-check';

/** At most 5 MB per image. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageType = (typeof ALLOWED_IMAGE_TYPES)[number];

/** What users read when a request is refused. */
export const STORAGE_MESSAGES = {
  unauthenticated: 'Please sign in to upload files.',
  appCheck: 'This request did not come from the Parkside site. Reload the page and try again.',
  quota: 'You have used all of your storage. Delete a photo to make room.',
  forbidden: 'You can only upload to your own profile, driveways and events.',
  notFound: 'That file does not exist.',
  rootPath: 'Uploads to the root path are refused.',
  badName: 'That file name is not allowed. Use letters, digits, dots, dashes and underscores.',
  tooLarge: 'Images must be 5 MB or smaller.',
  notImage: 'Only JPEG, PNG or WebP images can be uploaded.',
  noFile: 'Choose a file to upload.',
  readOnlyToken: 'This API token can only read.',
} as const;

/** The segments of a path, or null when the path is refused (root, traversal, odd characters). */
export type PathCheck =
  { ok: true; segments: string[] } | { ok: false; reason: 'rootPath' | 'badName' };

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** Checks an object path: at least a folder and a name, each segment plain, no `..`. */
export function checkObjectPath(path: string): PathCheck {
  if (path === '' || path === '/' || !path.includes('/')) {
    // "photo.png" or nothing at all would land in the bucket's root.
    return path.includes('\\') || path.includes('..')
      ? { ok: false, reason: 'badName' }
      : { ok: false, reason: 'rootPath' };
  }
  if (path.length > 512) return { ok: false, reason: 'badName' };
  const segments = path.split('/');
  if (segments.length > 8) return { ok: false, reason: 'badName' };
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || segment.includes('..')) return { ok: false, reason: 'badName' };
  }
  return { ok: true, segments };
}

/** Recognises an image by its first bytes, never by its name. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const at = (i: number) => bytes[i];
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((b, i) => at(i) === b)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export function uploadPath(bucket: string, name: string) {
  return `/v0/b/${encodeURIComponent(bucket)}/o?name=${encodeURIComponent(name)}`;
}

export function objectPath(bucket: string, fullPath: string) {
  return `/v0/b/${encodeURIComponent(bucket)}/o/${encodeURIComponent(fullPath)}`;
}

/** The download URL built from a download token (path only: same origin as the site). */
export function downloadPath(bucket: string, fullPath: string, token: string) {
  return `${objectPath(bucket, fullPath)}?alt=media&token=${encodeURIComponent(token)}`;
}

/** Reads a download URL back into bucket, path and token; null when it is not one of ours. */
export function parseDownloadUrl(
  url: string,
): { bucket: string; fullPath: string; token: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://parkside.invalid');
  } catch {
    return null;
  }
  const match = /^\/v0\/b\/([^/]+)\/o\/([^/]+)$/.exec(parsed.pathname);
  const token = parsed.searchParams.get('token');
  if (!match || parsed.searchParams.get('alt') !== 'media' || !token) return null;
  try {
    return {
      bucket: decodeURIComponent(match[1]!),
      fullPath: decodeURIComponent(match[2]!),
      token,
    };
  } catch {
    return null;
  }
}

/** Where a path belongs, for the metrics and the write rules. */
export function areaOf(fullPath: string): 'users' | 'driveways' | 'events' | 'other' {
  const first = fullPath.split('/')[0];
  return first === 'users' || first === 'driveways' || first === 'events' ? first : 'other';
}
