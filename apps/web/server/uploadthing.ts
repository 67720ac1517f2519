/**
 * UploadThing's file router (used when UPLOADTHING_TOKEN is set): browsers upload images straight
 * to UploadThing with @uploadthing/react, after the same checks as the protocol's POST (app check,
 * who may write where, size, quota). When the upload completes the bytes are checked by content
 * and the metadata goes to PostgreSQL, exactly as for the local disk.
 */
import {
  APP_CHECK_HEADER,
  MAX_UPLOAD_BYTES,
  STORAGE_MESSAGES,
  StorageRequestError,
  downloadPath,
  verifyAppCheckToken,
  type StorageCaller,
  type StorageService,
} from '@parkside/storage';
import { createHash } from 'node:crypto';
import { createRouteHandler, createUploadthing, type FileRouter } from 'uploadthing/express';
import { UploadThingError } from 'uploadthing/server';
import { z } from 'zod';
import type { RequestSession } from './request-session';

const f = createUploadthing();

function refuse(error: unknown): never {
  const message = error instanceof StorageRequestError ? error.message : 'Upload refused.';
  const code =
    error instanceof StorageRequestError && error.status === 401 ? 'FORBIDDEN' : 'BAD_REQUEST';
  throw new UploadThingError({ code, message });
}

export function createFileRouter(storage: StorageService, appCheckSecret: string) {
  return {
    image: f({ image: { maxFileSize: '8MB', maxFileCount: 1 } })
      .input(z.object({ name: z.string().max(512) }))
      .middleware(async ({ req, res, files, input }) => {
        try {
          if (!verifyAppCheckToken(appCheckSecret, req.get(APP_CHECK_HEADER))) {
            throw new StorageRequestError(401, STORAGE_MESSAGES.appCheck);
          }
          const session = (res.locals as { session?: RequestSession | null }).session;
          const caller: StorageCaller | null = session
            ? { id: session.user.id, isAdmin: session.user.isAdmin, scope: 'session' }
            : null;
          await storage.authorizeWrite(caller, input.name);
          const size = files[0]?.size ?? 0;
          if (size > MAX_UPLOAD_BYTES)
            throw new StorageRequestError(413, STORAGE_MESSAGES.tooLarge);
          await storage.assertQuota(caller!, input.name, size);
          return { callerId: caller!.id, isAdmin: caller!.isAdmin, name: input.name };
        } catch (error) {
          refuse(error);
        }
      })
      .onUploadComplete(async ({ metadata, file }) => {
        const response = await fetch(file.ufsUrl);
        const bytes = Buffer.from(await response.arrayBuffer());
        try {
          const contentType = storage.checkImage(bytes);
          const caller: StorageCaller = {
            id: metadata.callerId,
            isAdmin: metadata.isAdmin,
            scope: 'session',
          };
          const result = await storage.record({
            caller,
            fullPath: metadata.name,
            size: bytes.length,
            md5Hash: createHash('md5').update(bytes).digest('base64'),
            contentType,
            backendKey: file.key,
            metadata: {},
          });
          return {
            fullPath: result.fullPath,
            downloadUrl: downloadPath(result.bucket, result.fullPath, result.downloadTokens),
          };
        } catch (error) {
          // Not an image after all (or over the limit): it must not stay at UploadThing.
          await storage.backend.delete(file.key).catch(() => {});
          refuse(error);
        }
      }),
  } satisfies FileRouter;
}

export type ParksideFileRouter = ReturnType<typeof createFileRouter>;

export function uploadThingRoutes(options: {
  storage: StorageService;
  appCheckSecret: string;
  token: string;
  /** UploadThing calls this site back here when an upload completes (PUBLIC_URL). */
  publicUrl: string;
}) {
  return createRouteHandler({
    router: createFileRouter(options.storage, options.appCheckSecret),
    config: { token: options.token, callbackUrl: `${options.publicUrl}/api/uploadthing` },
  });
}
