import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** A fresh nonce per response; the CSP allows only scripts that carry it. */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
};

/** Where UploadThing serves files from and takes uploads at, when it holds the bytes. */
const UPLOADTHING_IMAGES = ['https://*.ufs.sh', 'https://utfs.io'];
const UPLOADTHING_UPLOADS = ['https://*.ingest.uploadthing.com', 'https://api.uploadthing.com'];

export function securityHeaders({
  development,
  uploadThing = false,
  paymentPages,
}: {
  development: boolean;
  uploadThing?: boolean;
  /**
   * Where a form may send the browser besides this site: the payment provider's pages (a
   * booking's form answers with a redirect to Stripe Checkout; payout setup to Connect).
   */
  paymentPages?: string[];
}): RequestHandler {
  return helmet({
    xPoweredBy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Behind TLS in production the proxy's own HSTS applies; plain http on localhost must stay usable.
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': [
          "'strict-dynamic'",
          "'self'",
          (_req, res) =>
            `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`,
        ],
        'style-src': ["'self'", "'unsafe-inline'"],
        // The service worker (/sw.js); 'strict-dynamic' above would otherwise refuse it.
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        // OpenStreetMap tiles for the maps on /rent and /register-driveway.
        'img-src': [
          "'self'",
          'data:',
          'blob:',
          'https://tile.openstreetmap.org',
          ...(uploadThing ? UPLOADTHING_IMAGES : []),
        ],
        'font-src': ["'self'", 'data:'],
        'connect-src': [
          "'self'",
          ...(development ? ['ws:'] : []),
          ...(uploadThing ? [...UPLOADTHING_UPLOADS, ...UPLOADTHING_IMAGES] : []),
        ],
        'form-action': ["'self'", ...(paymentPages ?? [])],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
      },
    },
  });
}
