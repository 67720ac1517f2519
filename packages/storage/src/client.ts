/**
 * The storage client the pages and internal tools use: the protocol's three calls, each retried
 * on 5xx, 408, 429 and network errors with bounded exponential backoff and jitter.
 * Browser-safe: it talks through `fetch`, or through XMLHttpRequest when upload progress is wanted.
 */
import {
  APP_CHECK_HEADER,
  STORAGE_MESSAGES,
  objectPath,
  uploadPath,
  type ObjectMetadata,
  type UploadResult,
} from './protocol';
import { NetworkError, withRetry, type RetryOptions } from './retry';

export * from './protocol';
export * from './retry';

/** A refused or failed request, with the server's status and its message for people. */
export class StorageError extends Error {
  override readonly name = 'StorageError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface RawResponse {
  status: number;
  body: string;
  retryAfter: string | null;
}

export interface TransportRequest {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: FormData;
  onUploadProgress?: (fraction: number) => void;
}

export type Transport = (request: TransportRequest) => Promise<RawResponse>;

/** Plain fetch: no upload progress. */
export function fetchTransport(fetchImpl: typeof fetch = globalThis.fetch): Transport {
  return async ({ method, url, headers, body }) => {
    let response: Response;
    try {
      response = await fetchImpl(url, { method, headers, body, credentials: 'same-origin' });
    } catch (error) {
      throw new NetworkError(error instanceof Error ? error.message : 'Network error');
    }
    return {
      status: response.status,
      body: await response.text(),
      retryAfter: response.headers.get('retry-after'),
    };
  };
}

/** The part of XMLHttpRequest used here (typed locally: this module also compiles for Node). */
interface Xhr {
  open(method: string, url: string): void;
  withCredentials: boolean;
  setRequestHeader(name: string, value: string): void;
  upload: {
    onprogress:
      ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  ontimeout: (() => void) | null;
  status: number;
  responseText: string;
  getResponseHeader(name: string): string | null;
  send(body: FormData | null): void;
}

/** XMLHttpRequest: reports upload progress (browsers only). */
export function xhrTransport(): Transport {
  const XhrClass = (globalThis as unknown as { XMLHttpRequest: new () => Xhr }).XMLHttpRequest;
  return ({ method, url, headers, body, onUploadProgress }) =>
    new Promise((resolve, reject) => {
      const xhr = new XhrClass();
      xhr.open(method, url);
      xhr.withCredentials = true;
      for (const [key, value] of Object.entries(headers)) xhr.setRequestHeader(key, value);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onUploadProgress?.(event.loaded / event.total);
      };
      xhr.onload = () =>
        resolve({
          status: xhr.status,
          body: xhr.responseText,
          retryAfter: xhr.getResponseHeader('retry-after'),
        });
      xhr.onerror = () => reject(new NetworkError('Network error'));
      xhr.ontimeout = () => reject(new NetworkError('Timed out'));
      xhr.send(body ?? null);
    });
}

export interface StorageClientOptions {
  /** The site's origin ('' in the browser for the same origin). */
  baseUrl?: string;
  bucket: string;
  /** The app-check token (fetched again by the caller when it expires). */
  getAppCheckToken: () => Promise<string> | string;
  /** `Bearer <API token>` for tools; pages send their session cookie instead. */
  authorization?: string;
  transport?: Transport;
  retry?: RetryOptions;
}

function messageOf(raw: RawResponse): string {
  try {
    const parsed = JSON.parse(raw.body) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === 'string') return parsed.error.message;
  } catch {
    // Not JSON: fall through to a message by status.
  }
  if (raw.status === 401) return STORAGE_MESSAGES.unauthenticated;
  if (raw.status === 404) return STORAGE_MESSAGES.notFound;
  if (raw.status >= 500 || raw.status === 408 || raw.status === 429) {
    return 'The upload service is busy. Please try again in a moment.';
  }
  return 'The file could not be saved. Please try again.';
}

export function createStorageClient(options: StorageClientOptions) {
  const transport = options.transport ?? fetchTransport();
  const base = options.baseUrl ?? '';

  async function send(request: Omit<TransportRequest, 'headers'>): Promise<RawResponse> {
    const headers: Record<string, string> = {
      [APP_CHECK_HEADER]: await options.getAppCheckToken(),
    };
    if (options.authorization) headers.Authorization = options.authorization;
    let raw: RawResponse;
    try {
      raw = await withRetry(() => transport({ ...request, headers }), options.retry);
    } catch (error) {
      if (error instanceof NetworkError || error instanceof TypeError) {
        throw new StorageError(0, 'Could not reach Parkside. Check your connection and try again.');
      }
      throw error;
    }
    if (raw.status >= 300) throw new StorageError(raw.status, messageOf(raw));
    return raw;
  }

  return {
    /** Multipart POST; the object's name travels as the `name` query parameter. */
    async upload(
      name: string,
      file: Blob,
      extra: {
        metadata?: Partial<Pick<ObjectMetadata, 'cacheControl' | 'customMetadata'>>;
        onProgress?: (fraction: number) => void;
      } = {},
    ): Promise<UploadResult> {
      const body = new FormData();
      body.append(
        'metadata',
        new Blob([JSON.stringify({ name, ...extra.metadata })], { type: 'application/json' }),
      );
      body.append('file', file);
      const raw = await send({
        method: 'POST',
        url: `${base}${uploadPath(options.bucket, name)}`,
        body,
        onUploadProgress: extra.onProgress,
      });
      return JSON.parse(raw.body) as UploadResult;
    },
    async getMetadata(fullPath: string): Promise<ObjectMetadata> {
      const raw = await send({
        method: 'GET',
        url: `${base}${objectPath(options.bucket, fullPath)}`,
      });
      return JSON.parse(raw.body) as ObjectMetadata;
    },
    async delete(fullPath: string): Promise<void> {
      await send({ method: 'DELETE', url: `${base}${objectPath(options.bucket, fullPath)}` });
    },
  };
}

export type StorageClient = ReturnType<typeof createStorageClient>;
