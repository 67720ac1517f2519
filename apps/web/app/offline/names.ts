/**
 * Names shared by the service worker and the pages (decision 042). Changing a cache's name
 * leaves the old one behind on phones: bump with care, and delete the old one in the worker.
 */

/** The pages (and their photos) saved for game day without a signal. */
export const SAVED_CACHE = 'parkside-saved-v1';
/** The offline page, fetched signed out by the worker when it installs. */
export const SHELL_CACHE = 'parkside-shell-v1';
/** The page shown for a page that is not saved, when there is no signal. */
export const OFFLINE_PAGE = '/offline';
/** In SAVED_CACHE: whose pages these are, when they were saved, and what they are. */
export const SAVED_INDEX = '/saved-for-offline';
/** The header a page's saved copy is fetched with: the copy says it is saved on the phone. */
export const SAVED_COPY_HEADER = 'X-Parkside-Saved-Copy';
/** Check-ins made with no signal, waiting to be sent (localStorage). */
export const CHECK_IN_QUEUE_KEY = 'parkside.check-ins';
