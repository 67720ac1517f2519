import { UTApi } from 'uploadthing/server';

type UTApiOptions = NonNullable<ConstructorParameters<typeof UTApi>[0]>;
import type { StorageBackend } from './backend';

export interface UploadThingOptions {
  /** UPLOADTHING_TOKEN from the UploadThing dashboard. */
  token: string;
  /** Overrides for tests (a local server) and self-hosted setups. */
  apiUrl?: string;
  ingestUrl?: string;
  ufsHost?: string;
  fetch?: typeof fetch;
}

/** The app id inside an UploadThing token (base64 JSON: apiKey, appId, regions). */
export function uploadThingAppId(token: string): string {
  try {
    const decoded = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as {
      appId?: unknown;
    };
    if (typeof decoded.appId === 'string' && /^[a-z0-9]+$/i.test(decoded.appId)) {
      return decoded.appId;
    }
  } catch {
    // Fall through to the error below.
  }
  throw new Error('UPLOADTHING_TOKEN is not a valid UploadThing token.');
}

/** The public URL of a file at UploadThing. */
export function uploadThingFileUrl(token: string, key: string, ufsHost = 'ufs.sh'): string {
  return `https://${uploadThingAppId(token)}.${ufsHost}/f/${encodeURIComponent(key)}`;
}

/**
 * UploadThing holds the bytes (used when UPLOADTHING_TOKEN is set). Browsers upload straight to
 * UploadThing with @uploadthing/react; uploads through the protocol route (internal tools) and
 * every delete go through the server SDK.
 */
export function createUploadThingBackend(options: UploadThingOptions): StorageBackend & {
  fileUrl(key: string): string;
} {
  uploadThingAppId(options.token);
  const api = new UTApi({
    token: options.token,
    apiUrl: options.apiUrl,
    ingestUrl: options.ingestUrl,
    ufsHost: options.ufsHost,
    fetch: options.fetch as UTApiOptions['fetch'],
    logLevel: 'Error',
  });
  const fileUrl = (key: string) => uploadThingFileUrl(options.token, key, options.ufsHost);
  return {
    kind: 'uploadthing',
    fileUrl,
    async put({ bytes, name, contentType }) {
      const uploaded = await api.uploadFiles(
        new File([new Uint8Array(bytes)], name, { type: contentType }),
      );
      if (uploaded.error) throw new Error(`UploadThing upload failed: ${uploaded.error.message}`);
      return { key: uploaded.data.key };
    },
    async read(key) {
      return { redirect: fileUrl(key) };
    },
    async delete(key) {
      const result = await api.deleteFiles(key);
      if (!result.success) throw new Error('UploadThing did not delete the file.');
    },
  };
}
