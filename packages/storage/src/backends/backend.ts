/** Where the bytes live. Metadata is always in PostgreSQL, whichever backend holds the bytes. */
export interface StorageBackend {
  readonly kind: 'disk' | 'uploadthing';
  /** Stores the bytes; returns the backend's key for them. */
  put(input: { bytes: Buffer; name: string; contentType: string }): Promise<{ key: string }>;
  /** The bytes (disk), or a URL to redirect the download to (UploadThing). */
  read(key: string): Promise<{ bytes: Buffer } | { redirect: string } | null>;
  delete(key: string): Promise<void>;
}
