import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StorageBackend } from './backend';

const KEY = /^[0-9a-f-]{36}$/;

/**
 * Local disk (the default). Files are named by a random key, never by the object's path, so no
 * object name can reach outside the folder.
 */
export function createDiskBackend(root: string): StorageBackend {
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error('Invalid storage key');
    return join(root, key.slice(0, 2), key);
  };
  return {
    kind: 'disk',
    async put({ bytes }) {
      const key = randomUUID();
      await mkdir(join(root, key.slice(0, 2)), { recursive: true });
      await writeFile(fileOf(key), bytes);
      return { key };
    },
    async read(key) {
      try {
        return { bytes: await readFile(fileOf(key)) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
