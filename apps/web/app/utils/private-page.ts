import type { HeadersFunction } from '@remix-run/node';

/**
 * The headers of a page about one person (their pass, arrivals, reports): never kept by a shared
 * cache. The phone keeps its own copy where it must (decision 042).
 */
export const privatePageHeaders: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });
