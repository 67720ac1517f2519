import { SAVED_COPY_HEADER } from '~/offline/names';

/**
 * When this response is the copy a phone keeps for game day (decision 042): now, if the page was
 * asked for with the saved-copy header, else null. The page then says "Saved on this phone".
 */
export function savedCopyAt(request: Request): string | null {
  return request.headers.has(SAVED_COPY_HEADER) ? new Date().toISOString() : null;
}
