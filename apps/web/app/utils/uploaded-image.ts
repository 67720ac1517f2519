/** An image stored through either upload path (our storage or UploadThing). */
export interface UploadedImage {
  /** The download URL to store (a driveway photo, an event image, a profile image). */
  url: string;
  fullPath: string;
}
