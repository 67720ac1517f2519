const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence: a request that can change something must come from one of our own pages.
 * Browsers send Origin on every cross-site POST; Referer is the fallback when it is missing.
 */
export function isAllowedOrigin(input: {
  method: string;
  origin?: string | null;
  referer?: string | null;
  allowedOrigins: readonly string[];
}): boolean {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return true;
  let source = input.origin && input.origin !== 'null' ? input.origin : null;
  if (!source && input.referer) {
    try {
      source = new URL(input.referer).origin;
    } catch {
      return false;
    }
  }
  return source !== null && input.allowedOrigins.includes(source);
}
