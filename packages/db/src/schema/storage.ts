import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { at, uuidKey } from './columns';
import { users } from './users';

export const storageBackend = pgEnum('storage_backend', ['disk', 'uploadthing']);

/**
 * A stored file: exactly the seed's metadata fields, plus its owner, where the bytes live and the
 * SHA-256 hashes of its download tokens (a token is shown once, when it is made).
 */
export const storageObjects = pgTable(
  'storage_objects',
  {
    id: uuidKey(),
    bucket: text('bucket').notNull(),
    fullPath: text('full_path').notNull(),
    name: text('name').notNull(),
    /** Changes on every overwrite (microseconds since the epoch, as the protocol's string). */
    generation: bigint('generation', { mode: 'number' }).notNull(),
    metageneration: integer('metageneration').notNull().default(1),
    size: bigint('size', { mode: 'number' }).notNull(),
    md5Hash: text('md5_hash').notNull(),
    cacheControl: text('cache_control'),
    contentDisposition: text('content_disposition'),
    contentEncoding: text('content_encoding'),
    contentLanguage: text('content_language'),
    contentType: text('content_type').notNull(),
    customMetadata: jsonb('custom_metadata')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    backend: storageBackend('backend').notNull(),
    /** The backend's own key for the bytes (a file name on disk, a file key at UploadThing). */
    backendKey: text('backend_key').notNull(),
    downloadTokenHashes: text('download_token_hashes')
      .array()
      .notNull()
      .default(sql`'{}'`),
    timeCreated: at('time_created').notNull().defaultNow(),
    updated: at('updated').notNull().defaultNow(),
  },
  (t) => [
    unique('storage_objects_path_unique').on(t.bucket, t.fullPath),
    index('storage_objects_owner_idx').on(t.ownerId),
    check('storage_objects_size_positive', sql`${t.size} >= 0`),
  ],
);

export type StorageObject = typeof storageObjects.$inferSelect;
