/**
 * Sending a page's HTML (decision 049). A document is rendered whole before it is sent
 * (entry.server.tsx), so it is compressed here in one synchronous call, sized to the page, instead
 * of through the compression middleware's stream: the stream cost each document a new encoder
 * with a 4 MB window, a trip through the thread pool and a round of stream events, which came to
 * two and a half times the compression itself. Everything else (API answers, files) still goes
 * through the middleware.
 */
import type { Request, Response } from 'express';
import {
  brotliCompressSync,
  constants as zlibConstants,
  gzipSync,
  type BrotliOptions,
} from 'node:zlib';

/** Below this a response is sent as it is (the compression middleware's default). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Brotli 1 for documents: under load it cost a signed-in driveway page 140 µs against 220 µs at
 * brotli 2 (decision 018's level, kept for everything else), for 7.5 kB instead of 7.1 kB. Gzip
 * 4 as decision 018; browsers that offer brotli get brotli.
 */
const BROTLI_QUALITY = 1;
const GZIP_LEVEL = 4;

const brotliOptions = (size: number): BrotliOptions => ({
  params: {
    [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
    // The encoder sizes its window and tables to the page instead of to 4 MB.
    [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** The encoding this request gets for a body of `size` bytes, as the middleware would choose. */
function encodingFor(req: Request, res: Response, size: number): 'br' | 'gzip' | null {
  if (size < COMPRESS_THRESHOLD) return null;
  if (NO_TRANSFORM.test(String(res.getHeader('Cache-Control') ?? ''))) return null;
  const q = weightsOf(req.get('accept-encoding') ?? '');
  const br = q.get('br') ?? q.get('*') ?? 0;
  const gzip = q.get('gzip') ?? q.get('*') ?? 0;
  // The compression middleware's rule: the browser's weights first, then brotli before gzip
  // (browsers list gzip first; at these levels brotli costs less CPU for the same page).
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}

/** `Accept-Encoding` as coding → weight (`gzip;q=0.5, br` → gzip 0.5, br 1). */
function weightsOf(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const item of header.split(',')) {
    const [coding = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    if (!coding) continue;
    const qParam = params.find((param) => param.startsWith('q='));
    const weight = qParam ? Number.parseFloat(qParam.slice(2)) : 1;
    weights.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  return weights;
}

/**
 * Ends `res` with a document: compressed for the browser when it asks for it, with its length.
 * Status and headers are set by the caller. A HEAD gets the headers a GET would (Node sends no
 * body for it).
 */
export function sendDocument(req: Request, res: Response, body: string | Buffer): void {
  const raw = typeof body === 'string' ? Buffer.from(body) : body;
  res.vary('Accept-Encoding');
  const encoding = encodingFor(req, res, raw.length);
  const sent =
    encoding === 'br'
      ? brotliCompressSync(raw, brotliOptions(raw.length))
      : encoding === 'gzip'
        ? gzipSync(raw, { level: GZIP_LEVEL })
        : raw;
  // Set before the first write, so the compression middleware sees it and stays out of the way.
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', String(sent.length));
  res.end(sent);
}

/** Whether a Remix response is a document this module sends. */
export const isDocument = (response: globalThis.Response) =>
  response.body !== null && /^text\/html\b/i.test(response.headers.get('content-type') ?? '');
