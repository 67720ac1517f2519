export * from './client';
export * from './secrets';
export * from './multipart';
export * from './service';
export type { StorageBackend } from './backends/backend';
export { createDiskBackend } from './backends/disk';
export {
  createUploadThingBackend,
  uploadThingAppId,
  uploadThingFileUrl,
  type UploadThingOptions,
} from './backends/uploadthing';
