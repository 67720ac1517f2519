/**
 * The file storage protocol's routes (see packages/storage/src/protocol.ts) and the app-check
 * endpoint that gives the site's own pages their short-lived token.
 */
import {
  APP_CHECK_HEADER,
  APP_CHECK_PATH,
  MAX_UPLOAD_BYTES,
  STORAGE_MESSAGES,
  StorageRequestError,
  issueAppCheckToken,
  parseMultipart,
  verifyAppCheckToken,
  type StorageCaller,
  type StorageService,
} from '@parkside/storage';
import type { ApiTokenVerifier } from '@parkside/auth';
import { Router, type Request, type Response } from 'express';
import type { RequestSession } from './request-session';

export interface StorageRoutesOptions {
  /** Verifies bearer tokens (decision 025). */
  apiTokens: ApiTokenVerifier;
  storage: StorageService;
  appCheckSecret: string;
  /** Tell pages to upload straight to UploadThing. */
  uploadThing?: boolean;
}

function sendError(res: Response, status: number, message: string) {
  res.status(status).json({ error: { code: status, message } });
}

/**
 * The caller: an API token (`Authorization: Bearer pk_...`, decision 025) or the session cookie.
 * A token needs `read` here, and `storage:write` to upload or delete; its calls count against
 * its rate limit like the API's.
 */
async function callerOf(
  apiTokens: ApiTokenVerifier,
  req: Request,
  res: Response,
): Promise<StorageCaller | null> {
  const authorization = req.get('authorization');
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    const result = match ? await apiTokens.authenticate(match[1]!) : null;
    if (!result || result.status === 'invalid') {
      throw new StorageRequestError(401, STORAGE_MESSAGES.unauthenticated);
    }
    if (result.status === 'rate-limited') {
      res.set('Retry-After', String(result.retryAfterSeconds));
      throw new StorageRequestError(429, 'Too many calls with this API token. Try again shortly.');
    }
    const { scopes } = result.token;
    if (!scopes.includes('read')) {
      throw new StorageRequestError(403, 'This API token lacks the "read" scope.');
    }
    const scope = scopes.includes('storage:write') ? 'storage:write' : 'storage:read';
    return { id: result.user.id, isAdmin: result.user.isAdmin, scope };
  }
  const session = (res.locals as { session?: RequestSession | null }).session;
  return session ? { id: session.user.id, isAdmin: session.user.isAdmin, scope: 'session' } : null;
}

function handle(run: (req: Request, res: Response) => Promise<void>) {
  return (req: Request, res: Response) => {
    run(req, res).catch(async (error: unknown) => {
      // Answer only once the body is read: a browser still sending would see a reset connection.
      if (!req.complete) {
        req.resume();
        await new Promise((resolve) => {
          req.on('end', resolve);
          req.on('error', resolve);
        });
      }
      if (error instanceof StorageRequestError) return sendError(res, error.status, error.message);
      console.error('Storage request failed:', error);
      sendError(res, 500, 'Something went wrong on our side. Please try again.');
    });
  };
}

export function storageRoutes({
  apiTokens,
  storage,
  appCheckSecret,
  uploadThing = false,
}: StorageRoutesOptions): Router {
  const router = Router();

  router.get(APP_CHECK_PATH, (req, res) => {
    // Only our own pages: a browser marks other sites' requests as cross-site.
    if (req.get('sec-fetch-site') === 'cross-site') {
      return sendError(res, 403, STORAGE_MESSAGES.appCheck);
    }
    res
      .set('Cache-Control', 'no-store')
      .json({ ...issueAppCheckToken(appCheckSecret), bucket: storage.bucket, uploadThing });
  });

  const requireAppCheck = (req: Request) => {
    if (!verifyAppCheckToken(appCheckSecret, req.get(APP_CHECK_HEADER))) {
      throw new StorageRequestError(401, STORAGE_MESSAGES.appCheck);
    }
  };

  /**
   * The caller of a request to the bucket: it must come from our pages (App Check), with a
   * session or an API token, and name our bucket.
   */
  const bucketCaller = async (req: Request, res: Response) => {
    requireAppCheck(req);
    const caller = await callerOf(apiTokens, req, res);
    if (req.params.bucket !== storage.bucket) {
      throw new StorageRequestError(404, STORAGE_MESSAGES.notFound);
    }
    return caller;
  };

  // Multipart upload; the object's name is the `name` query parameter.
  router.post(
    '/v0/b/:bucket/o',
    handle(async (req, res) => {
      const caller = await bucketCaller(req, res);
      const name = typeof req.query.name === 'string' ? req.query.name : '';
      // Refuse before reading the body when the path or the caller is wrong.
      await storage.authorizeWrite(caller, name);
      const declared = Number(req.get('content-length') ?? 0);
      if (declared > MAX_UPLOAD_BYTES + 64 * 1024) {
        throw new StorageRequestError(413, STORAGE_MESSAGES.tooLarge);
      }
      const body = await readBody(req, MAX_UPLOAD_BYTES + 64 * 1024);
      const upload = parseMultipart(body, req.get('content-type'));
      if (!upload) {
        throw new StorageRequestError(400, 'Send the file as multipart/form-data.');
      }
      const result = await storage.upload({
        caller,
        name,
        file: upload.file,
        metadata: upload.metadata,
      });
      res.status(200).json(result);
    }),
  );

  router.get(
    '/v0/b/:bucket/o/:object',
    handle(async (req, res) => {
      const fullPath = req.params.object!;
      if (req.query.alt === 'media') {
        // A download URL: its token is the permission, so an <img> can show it.
        const token = typeof req.query.token === 'string' ? req.query.token : '';
        if (req.params.bucket !== storage.bucket) {
          throw new StorageRequestError(404, STORAGE_MESSAGES.notFound);
        }
        const { row, content } = await storage.download(fullPath, token);
        if ('redirect' in content) return void res.redirect(302, content.redirect);
        res.set({
          'Content-Type': row.contentType,
          'Cache-Control': row.cacheControl ?? 'public, max-age=3600',
          ETag: `"${row.md5Hash}"`,
          'Content-Disposition': 'inline',
          'Cross-Origin-Resource-Policy': 'same-origin',
        });
        return void res.send(content.bytes);
      }
      const caller = await bucketCaller(req, res);
      res.set('Cache-Control', 'no-store').json(await storage.getMetadata(caller, fullPath));
    }),
  );

  router.delete(
    '/v0/b/:bucket/o/:object',
    handle(async (req, res) => {
      const caller = await bucketCaller(req, res);
      await storage.delete(caller, req.params.object!);
      res.status(204).end();
    }),
  );

  router.all(['/v0/b/:bucket/o', '/v0/b/:bucket/o/:object'], (_req, res) =>
    sendError(res, 405, 'That method is not supported here.'),
  );

  return router;
}

/** Reads the body up to `limit` bytes; 413 past it. */
function readBody(req: Request, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Keep reading (and dropping) the rest, then refuse.
        failed = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () =>
      failed
        ? reject(new StorageRequestError(413, STORAGE_MESSAGES.tooLarge))
        : resolve(Buffer.concat(chunks)),
    );
    req.on('error', (error) => !failed && reject(error));
  });
}
