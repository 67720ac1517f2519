/**
 * Uploads straight to UploadThing (loaded only when the server has UPLOADTHING_TOKEN). The server
 * side of the same checks is in server/uploadthing.ts; errors are retried like the storage client.
 */
import { APP_CHECK_HEADER, StorageError, withRetry } from '@parkside/storage/client';
import { generateReactHelpers } from '@uploadthing/react';
import type { ParksideFileRouter } from '../../server/uploadthing';
import type { UploadedImage } from './uploaded-image';

const { uploadFiles } = generateReactHelpers<ParksideFileRouter>({ url: '/api/uploadthing' });

const STATUS_BY_CODE: Record<string, number> = {
  BAD_REQUEST: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  TOO_LARGE: 413,
  TOO_MANY_FILES: 400,
  TOO_MANY_REQUESTS: 429,
  PAYMENT_REQUIRED: 402,
};

export async function uploadWithUploadThing(
  name: string,
  file: File,
  appCheckToken: string,
  onProgress: (fraction: number) => void,
): Promise<UploadedImage> {
  let failure: StorageError | null = null;
  const outcome = await withRetry(async () => {
    try {
      const [uploaded] = await uploadFiles('image', {
        files: [file],
        input: { name },
        headers: { [APP_CHECK_HEADER]: appCheckToken },
        onUploadProgress: ({ progress }) => onProgress(progress / 100),
      });
      return { status: 200, data: uploaded?.serverData ?? null };
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      const status = STATUS_BY_CODE[code] ?? 500;
      const message = error instanceof Error ? error.message : 'Upload failed.';
      failure = new StorageError(status, status >= 500 ? 'The upload service is busy.' : message);
      return { status, data: null };
    }
  });
  if (outcome.status !== 200 || !outcome.data) {
    throw failure ?? new StorageError(500, 'The image could not be uploaded. Please try again.');
  }
  return { url: outcome.data.downloadUrl, fullPath: outcome.data.fullPath };
}
