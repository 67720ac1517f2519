/**
 * Signed-out pages a shared cache may keep (decision 069): a CDN or Varnish in front of the
 * servers stores one copy for every visitor, under surrogate keys naming what the page shows, and
 * drops it when a purge names one of them. Only pages the server itself keeps for signed-out
 * visitors are offered (decision 020): they carry nothing of one visitor (no session, no toast,
 * no form token). The one per-response thing they had, the CSP nonce, is replaced by the hashes
 * of the page's inline scripts, the same for everyone.
 */
import { surrogateKeys, type SurrogateHeader } from '@parkside/cdn';
import type { Response as ExpressResponse } from 'express';
import { createHash } from 'node:crypto';
import type { Dependencies } from './kept-store';

export interface SharedCacheOptions {
  /** Where the keys go: `xkey` for Varnish, `Surrogate-Key` for Fastly-style CDNs. */
  header: SurrogateHeader;
  /** How long a shared cache may serve a copy without asking (purges end it sooner). */
  maxAgeSeconds: number;
}

/** A kept page as every visitor gets it from a shared cache. */
export interface SharedCopy {
  body: Buffer;
  /** 'sha256-…' of each inline script, for the CSP. */
  scriptHashes: string[];
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/** The page without nonces, and the hashes its inline scripts are allowed by instead. */
export function sharedCopyOf(withoutNonce: string): SharedCopy {
  const html = withoutNonce.replaceAll(' nonce=""', '');
  const scriptHashes: string[] = [];
  for (const [, attributes, code] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc=/.test(attributes!)) continue;
    scriptHashes.push(`'sha256-${createHash('sha256').update(code!, 'utf8').digest('base64')}'`);
  }
  return { body: Buffer.from(html), scriptHashes: [...new Set(scriptHashes)] };
}

/** The response's CSP with its nonce replaced by the page's script hashes. */
export function cspWithHashes(csp: string, scriptHashes: readonly string[]): string {
  return csp.replace(/'nonce-[^']*'/, scriptHashes.join(' ') || "'none'");
}

/** Marks a signed-out kept page as one copy for everyone, under its surrogate keys. */
export function offerSharedCopy(
  res: ExpressResponse,
  options: SharedCacheOptions,
  copy: SharedCopy,
  dependencies: Dependencies,
) {
  const csp = res.getHeader('Content-Security-Policy');
  if (typeof csp === 'string')
    res.setHeader('Content-Security-Policy', cspWithHashes(csp, copy.scriptHashes));
  res.setHeader(
    'Cache-Control',
    `public, max-age=0, s-maxage=${options.maxAgeSeconds}, stale-while-revalidate=30`,
  );
  res.setHeader(options.header, surrogateKeys(dependencies).join(' '));
}

/** Any other page: no shared cache may keep it (a CDN's default could). */
export function keepPrivate(res: ExpressResponse) {
  if (!res.getHeader('Cache-Control')) res.setHeader('Cache-Control', 'private, no-cache');
}
