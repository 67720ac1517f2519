/**
 * Browser side of uploads: the app-check token, checks before sending, and the upload itself
 * through the retrying storage client (or UploadThing, when the server says it holds the bytes).
 */
import {
  APP_CHECK_PATH,
  MAX_UPLOAD_BYTES,
  STORAGE_MESSAGES,
  StorageError,
  createStorageClient,
  downloadPath,
  sniffImageType,
  withRetry,
  xhrTransport,
  type ImageType,
} from '@parkside/storage/client';
import type { UploadedImage } from './uploaded-image';

interface StorageSession {
  token: string;
  expiresAt: number;
  bucket: string;
  uploadThing: boolean;
}

let cached: StorageSession | null = null;

/** The page's app-check token (and the storage settings), fetched again shortly before expiry. */
async function storageSession(): Promise<StorageSession> {
  if (cached && cached.expiresAt - Date.now() > 2 * 60_000) return cached;
  const response = await withRetry(() =>
    fetch(APP_CHECK_PATH, { credentials: 'same-origin' }).then((r) => ({
      status: r.status,
      retryAfter: r.headers.get('retry-after'),
      r,
    })),
  ).catch(() => null);
  if (!response || response.status !== 200) {
    throw new StorageError(0, 'Could not reach Parkside. Check your connection and try again.');
  }
  cached = (await response.r.json()) as StorageSession;
  return cached;
}

const EXTENSIONS: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** Checks a chosen file the way the server will: at most 5 MB, a JPEG, PNG or WebP by content. */
export async function checkImageFile(file: File): Promise<ImageType> {
  if (file.size > MAX_UPLOAD_BYTES) throw new StorageError(413, STORAGE_MESSAGES.tooLarge);
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const type = sniffImageType(head);
  if (!type) throw new StorageError(415, STORAGE_MESSAGES.notImage);
  return type;
}

function randomName(type: ImageType) {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  const id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${Date.now()}-${id}.${EXTENSIONS[type]}`;
}

/** Uploads one checked image under `folder` (e.g. `driveways/{id}`), reporting progress 0..1. */
export async function uploadImage(
  folder: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<UploadedImage> {
  const type = await checkImageFile(file);
  const session = await storageSession();
  const name = `${folder}/${randomName(type)}`;
  if (session.uploadThing) {
    const { uploadWithUploadThing } = await import('./uploadthing');
    return uploadWithUploadThing(name, file, session.token, onProgress);
  }
  const client = createStorageClient({
    bucket: session.bucket,
    getAppCheckToken: async () => (await storageSession()).token,
    transport: xhrTransport(),
  });
  const result = await client.upload(name, file, { onProgress });
  onProgress(1);
  return {
    url: downloadPath(result.bucket, result.fullPath, result.downloadTokens),
    fullPath: result.fullPath,
  };
}

export function messageOf(error: unknown): string {
  if (error instanceof StorageError) return error.message;
  return 'The image could not be uploaded. Please try again.';
}
