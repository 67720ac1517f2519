import type { HeadersFunction } from '@remix-run/node';

/**
 * For a route whose form may be refused for going too fast: the page answer keeps the action's
 * (or loader's) `Retry-After`, which Remix otherwise drops from a route without `headers`.
 * Cookies are carried over by Remix itself.
 */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers();
  const wait = actionHeaders.get('Retry-After') ?? loaderHeaders.get('Retry-After');
  if (wait) headers.set('Retry-After', wait);
  return headers;
};
