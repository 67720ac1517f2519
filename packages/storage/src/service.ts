import { driveways, events, storageObjects, type Database, type StorageObject } from '@parkside/db';
import { and, eq, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { StorageBackend } from './backends/backend';
import {
  MAX_UPLOAD_BYTES,
  STORAGE_MESSAGES,
  checkObjectPath,
  downloadPath,
  parseDownloadUrl,
  sniffImageType,
  type ObjectMetadata,
  type UploadResult,
} from './protocol';
import { generateSecret, matchesAnyHash, sha256Hex } from './secrets';

/** Who is calling: a session user, or a user acting through an API token (with its scope). */
export interface StorageCaller {
  id: string;
  isAdmin: boolean;
  scope: 'session' | 'storage:read' | 'storage:write';
}

/** A refusal with the protocol's status and a message for people. */
export class StorageRequestError extends Error {
  override readonly name = 'StorageRequestError';
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 413 | 415 | 429,
    message: string,
  ) {
    super(message);
  }
}

export interface StorageServiceOptions {
  db: Database;
  backend: StorageBackend;
  bucket: string;
  /** Bytes each user may store in all (default 25 MB). */
  quotaBytes?: number;
}

/** The protocol's metadata: exactly the seed's fields, nothing else. */
export function toMetadata(row: StorageObject): ObjectMetadata {
  return {
    bucket: row.bucket,
    generation: String(row.generation),
    metageneration: String(row.metageneration),
    fullPath: row.fullPath,
    name: row.name,
    size: row.size,
    timeCreated: row.timeCreated.toISOString(),
    updated: row.updated.toISOString(),
    md5Hash: row.md5Hash,
    cacheControl: row.cacheControl ?? undefined,
    contentDisposition: row.contentDisposition ?? undefined,
    contentEncoding: row.contentEncoding ?? undefined,
    contentLanguage: row.contentLanguage ?? undefined,
    contentType: row.contentType,
    customMetadata: row.customMetadata,
  };
}

/** Whose a record's folder is: a driveway's host, an event's creator. */
const FOLDER_OWNERS = {
  driveways: { table: driveways, key: driveways.id, owner: driveways.hostId },
  events: { table: events, key: events.id, owner: events.createdBy },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function cleanCustomMetadata(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([key, v]) => /^[\w.-]{1,64}$/.test(key) && typeof v === 'string' && v.length <= 256)
    .slice(0, 20);
  return Object.fromEntries(entries) as Record<string, string>;
}

function optionalText(value: unknown, max = 200): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= max ? value : null;
}

export function createStorageService({
  db,
  backend,
  bucket,
  quotaBytes = 25 * 1024 * 1024,
}: StorageServiceOptions) {
  /** Checks the path and who may write under it; returns the segments. */
  async function authorizeWrite(caller: StorageCaller | null, fullPath: string) {
    if (!caller) throw new StorageRequestError(401, STORAGE_MESSAGES.unauthenticated);
    const checked = checkObjectPath(fullPath);
    if (!checked.ok) throw new StorageRequestError(400, STORAGE_MESSAGES[checked.reason]);
    if (caller.scope === 'storage:read') {
      throw new StorageRequestError(403, STORAGE_MESSAGES.readOnlyToken);
    }
    if (!(await mayWrite(caller, checked.segments))) {
      throw new StorageRequestError(403, STORAGE_MESSAGES.forbidden);
    }
    return checked.segments;
  }

  /** Users only under their own prefixes; admins anywhere. */
  async function mayWrite(caller: StorageCaller, segments: string[]): Promise<boolean> {
    if (caller.isAdmin) return true;
    const [area, id] = segments;
    if (segments.length < 3 || !id) return false;
    if (area === 'users') return id === caller.id;
    if (!UUID.test(id)) return false;
    const owned = area === 'driveways' || area === 'events' ? FOLDER_OWNERS[area] : null;
    if (!owned) return false;
    const [row] = await db
      .select({ id: owned.key })
      .from(owned.table)
      .where(and(eq(owned.key, id), eq(owned.owner, caller.id)));
    return Boolean(row);
  }

  async function findObject(fullPath: string) {
    const [row] = await db
      .select()
      .from(storageObjects)
      .where(and(eq(storageObjects.bucket, bucket), eq(storageObjects.fullPath, fullPath)));
    return row ?? null;
  }

  /** The object when the caller may see it; 404 otherwise (another user's object included). */
  async function requireVisible(caller: StorageCaller | null, fullPath: string) {
    if (!caller) throw new StorageRequestError(401, STORAGE_MESSAGES.unauthenticated);
    const checked = checkObjectPath(fullPath);
    const row = checked.ok ? await findObject(fullPath) : null;
    if (!row || !checked.ok) throw new StorageRequestError(404, STORAGE_MESSAGES.notFound);
    const visible =
      caller.isAdmin || row.ownerId === caller.id || (await mayWrite(caller, checked.segments));
    if (!visible) throw new StorageRequestError(404, STORAGE_MESSAGES.notFound);
    return row;
  }

  async function usedBytes(ownerId: string, exceptPath?: string) {
    const [row] = await db
      .select({ used: sql<string>`coalesce(sum(${storageObjects.size}), 0)` })
      .from(storageObjects)
      .where(
        and(
          eq(storageObjects.ownerId, ownerId),
          exceptPath
            ? sql`not (${storageObjects.bucket} = ${bucket} and ${storageObjects.fullPath} = ${exceptPath})`
            : undefined,
        ),
      );
    return Number(row?.used ?? 0);
  }

  async function assertQuota(caller: StorageCaller, fullPath: string, size: number) {
    if ((await usedBytes(caller.id, fullPath)) + size > quotaBytes) {
      throw new StorageRequestError(402, STORAGE_MESSAGES.quota);
    }
  }

  /** Checks the bytes: at most 5 MB, and a JPEG, PNG or WebP by content. */
  function checkImage(bytes: Buffer | null) {
    if (!bytes || bytes.length === 0) throw new StorageRequestError(400, STORAGE_MESSAGES.noFile);
    if (bytes.length > MAX_UPLOAD_BYTES) {
      throw new StorageRequestError(413, STORAGE_MESSAGES.tooLarge);
    }
    const type = sniffImageType(bytes);
    if (!type) throw new StorageRequestError(415, STORAGE_MESSAGES.notImage);
    return type;
  }

  /**
   * Stores the metadata row (insert or overwrite) with one new download token, and removes the
   * bytes an overwrite replaced. Returns the upload's answer.
   */
  async function record(input: {
    caller: StorageCaller;
    fullPath: string;
    size: number;
    md5Hash: string;
    contentType: string;
    backendKey: string;
    metadata: Record<string, unknown>;
  }): Promise<UploadResult> {
    const token = generateSecret();
    const now = new Date();
    const previous = await findObject(input.fullPath);
    const values = {
      bucket,
      fullPath: input.fullPath,
      name: input.fullPath.split('/').at(-1)!,
      generation: now.getTime() * 1000 + Math.floor(Math.random() * 1000),
      metageneration: 1,
      size: input.size,
      md5Hash: input.md5Hash,
      cacheControl: optionalText(input.metadata.cacheControl) ?? 'public, max-age=3600',
      contentDisposition: optionalText(input.metadata.contentDisposition),
      contentEncoding: null,
      contentLanguage: optionalText(input.metadata.contentLanguage, 35),
      contentType: input.contentType,
      customMetadata: cleanCustomMetadata(input.metadata.customMetadata),
      ownerId: input.caller.id,
      backend: backend.kind,
      backendKey: input.backendKey,
      downloadTokenHashes: [sha256Hex(token)],
      updated: now,
    };
    const [row] = await db
      .insert(storageObjects)
      .values({ ...values, timeCreated: now })
      .onConflictDoUpdate({ target: [storageObjects.bucket, storageObjects.fullPath], set: values })
      .returning();
    if (previous && previous.backendKey !== input.backendKey) {
      await backend.delete(previous.backendKey).catch(() => {});
    }
    return { ...toMetadata(row!), downloadTokens: token };
  }

  return {
    bucket,
    backend,
    quotaBytes,
    authorizeWrite,
    assertQuota,
    usedBytes,
    record,
    checkImage,

    /** The protocol's multipart POST, once the body is read. */
    async upload(input: {
      caller: StorageCaller | null;
      name: string;
      file: Buffer | null;
      metadata: Record<string, unknown>;
    }): Promise<UploadResult> {
      const caller = input.caller;
      await authorizeWrite(caller, input.name);
      const contentType = checkImage(input.file);
      const bytes = input.file!;
      await assertQuota(caller!, input.name, bytes.length);
      const { key } = await backend.put({
        bytes,
        name: input.name.split('/').at(-1)!,
        contentType,
      });
      return record({
        caller: caller!,
        fullPath: input.name,
        size: bytes.length,
        md5Hash: createHash('md5').update(bytes).digest('base64'),
        contentType,
        backendKey: key,
        metadata: input.metadata,
      });
    },

    async getMetadata(caller: StorageCaller | null, fullPath: string): Promise<ObjectMetadata> {
      return toMetadata(await requireVisible(caller, fullPath));
    },

    async delete(caller: StorageCaller | null, fullPath: string): Promise<void> {
      const row = await requireVisible(caller, fullPath);
      if (caller!.scope === 'storage:read') {
        throw new StorageRequestError(403, STORAGE_MESSAGES.readOnlyToken);
      }
      const checked = checkObjectPath(fullPath);
      if (!caller!.isAdmin && checked.ok && !(await mayWrite(caller!, checked.segments))) {
        throw new StorageRequestError(403, STORAGE_MESSAGES.forbidden);
      }
      await db.delete(storageObjects).where(eq(storageObjects.id, row.id));
      await backend.delete(row.backendKey);
    },

    /** The bytes for a download URL: the token is the permission (as for an <img src>). */
    async download(fullPath: string, token: string) {
      const row = await findObject(fullPath);
      if (!row || !matchesAnyHash(token, row.downloadTokenHashes)) {
        throw new StorageRequestError(404, STORAGE_MESSAGES.notFound);
      }
      const content = await backend.read(row.backendKey);
      if (!content) throw new StorageRequestError(404, STORAGE_MESSAGES.notFound);
      return { row, content };
    },

    /**
     * Moves the object behind a valid download URL to `toPath` (the same bytes, owner and
     * download token; a new metageneration) and answers its new download URL; null when the
     * URL is not valid, or `toPath` is not a valid path or already taken.
     */
    async move(url: string, toPath: string): Promise<string | null> {
      const parsed = parseDownloadUrl(url);
      if (!parsed || parsed.bucket !== bucket || !checkObjectPath(toPath).ok) return null;
      const row = await findObject(parsed.fullPath);
      if (!row || !matchesAnyHash(parsed.token, row.downloadTokenHashes)) return null;
      if (await findObject(toPath)) return null;
      await db
        .update(storageObjects)
        .set({
          fullPath: toPath,
          name: toPath.split('/').at(-1)!,
          metageneration: row.metageneration + 1,
          updated: new Date(),
        })
        .where(eq(storageObjects.id, row.id));
      return downloadPath(bucket, toPath, parsed.token);
    },

    /** The object a download URL points at, when the URL's token is valid; null otherwise. */
    async resolveDownloadUrl(url: string) {
      const parsed = parseDownloadUrl(url);
      if (!parsed || parsed.bucket !== bucket) return null;
      const row = await findObject(parsed.fullPath);
      if (!row || !matchesAnyHash(parsed.token, row.downloadTokenHashes)) return null;
      return row;
    },
  };
}

export type StorageService = ReturnType<typeof createStorageService>;
