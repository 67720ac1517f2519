/**
 * Storage for API tests: the real storage service on a temporary directory, and uploads made as
 * a person the way the upload component makes them.
 */
import type { Database } from '@parkside/db';
import {
  createDiskBackend,
  createStorageService,
  downloadPath,
  type StorageService,
} from '@parkside/storage';
import type { SessionUser } from '@parkside/core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** 1000 bytes that start as a PNG does (storage checks the signature, not the picture). */
export function pngBytes() {
  const bytes = Buffer.alloc(1000);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
}

export interface TestStorage {
  storage: StorageService;
  /** Uploads a PNG as `user` under `name` and answers the download URL the browser would get. */
  uploadAs(user: SessionUser, name: string): Promise<string>;
  /** Deletes the directory. */
  remove(): void;
}

export function createTestStorage(db: Database): TestStorage {
  const dir = mkdtempSync(join(tmpdir(), 'parkside-api-storage-'));
  const storage = createStorageService({ db, bucket: 'parkside', backend: createDiskBackend(dir) });
  return {
    storage,
    async uploadAs(user, name) {
      const result = await storage.upload({
        caller: { id: user.id, isAdmin: user.isAdmin, scope: 'session' },
        name,
        file: pngBytes(),
        metadata: {},
      });
      return downloadPath(result.bucket, result.fullPath, result.downloadTokens);
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
