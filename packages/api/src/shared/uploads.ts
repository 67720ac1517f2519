import { AppError } from '@parkside/core';
import type { StorageService } from '@parkside/storage';

/**
 * An image the signed-in person uploaded under their own folder (`users/{id}/`), by its download
 * URL: anything else (another person's upload, a made-up URL, no storage) is refused as not found.
 */
export async function requireOwnUpload(
  storage: StorageService | null,
  userId: string,
  url: string,
): Promise<string> {
  const object = storage ? await storage.resolveDownloadUrl(url) : null;
  if (!object || !object.fullPath.startsWith(`users/${userId}/`)) {
    throw new AppError('NOT_FOUND', 'That photo was not found. Please take it again.');
  }
  return url;
}
