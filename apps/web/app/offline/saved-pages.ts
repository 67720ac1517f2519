/**
 * What this phone keeps for game day without a signal (decision 042), kept in the browser's
 * Cache Storage where the service worker finds it: a copy of each upcoming pass and, for a host,
 * of the arrivals page, plus the driveways' photos. The server says what belongs
 * (/saved-for-offline); every sync replaces the set, so a cancelled or past booking leaves the
 * phone at the next one. Sign-out, or another person signing in, removes everything.
 */
import { CHECK_IN_QUEUE_KEY, SAVED_CACHE, SAVED_COPY_HEADER, SAVED_INDEX } from './names';

export interface SavedPage {
  path: string;
  kind: 'pass' | 'arrivals';
  title: string;
  /** When it is: "Sat, Nov 28, 6:00 PM", in the event's own time. */
  when: string;
}

/** The server's answer to /saved-for-offline. */
export interface SavedList {
  owner: string;
  pages: SavedPage[];
  photos: string[];
}

/** What the phone holds, and when it was last brought up to date. */
export interface SavedIndex {
  owner: string;
  savedAt: string;
  pages: SavedPage[];
}

/** When a copy was saved, in the phone's own clock: "Thu, Nov 26, 7:42 PM". */
export function formatSavedAt(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

const supported = () => typeof window !== 'undefined' && 'caches' in window;

/** What is saved on this phone now, or null when nothing is. */
export async function readSavedIndex(): Promise<SavedIndex | null> {
  if (!supported()) return null;
  const answer = await (await caches.open(SAVED_CACHE)).match(SAVED_INDEX);
  return answer ? ((await answer.json()) as SavedIndex) : null;
}

/** Removes everything saved for offline and every check-in waiting to be sent. */
export async function forgetThisPhone(): Promise<void> {
  if (!supported()) return;
  window.localStorage.removeItem(CHECK_IN_QUEUE_KEY);
  await caches.delete(SAVED_CACHE);
}

async function copyOf(path: string): Promise<Response | null> {
  const copy = await fetch(path, {
    headers: { [SAVED_COPY_HEADER]: '1' },
    cache: 'no-store',
    credentials: 'same-origin',
  });
  // A redirect (signed out) or an error page is never kept in a pass's place.
  return copy.ok && !copy.redirected ? copy : null;
}

async function sync(): Promise<SavedIndex | null> {
  let answer: Response;
  try {
    answer = await fetch(SAVED_INDEX, {
      headers: { Accept: 'application/json' },
      cache: 'no-store',
    });
  } catch {
    // No signal: what is saved stays as it is.
    return readSavedIndex();
  }
  if (answer.status === 401 || answer.status === 403) {
    await forgetThisPhone();
    return null;
  }
  if (!answer.ok) return readSavedIndex();
  const listed = (await answer.json()) as SavedList;
  const before = await readSavedIndex();
  // Another person's pages never stay beside this one's (a shared phone).
  if (before && before.owner !== listed.owner) await forgetThisPhone();
  const cache = await caches.open(SAVED_CACHE);
  const kept: SavedPage[] = [];
  for (const page of listed.pages) {
    try {
      const copy = await copyOf(page.path);
      if (copy) {
        await cache.put(page.path, copy);
        kept.push(page);
      }
    } catch {
      // The signal went mid-sync: the copy saved last time still serves.
      if (await cache.match(page.path)) kept.push(page);
    }
  }
  for (const photo of listed.photos) {
    if (await cache.match(photo)) continue;
    try {
      const image = await fetch(photo);
      if (image.ok) await cache.put(photo, image);
    } catch {
      // A missing photo leaves the pass as useful: its address and directions are text.
    }
  }
  const wanted = new Set([SAVED_INDEX, ...kept.map((page) => page.path), ...listed.photos]);
  for (const request of await cache.keys()) {
    if (!wanted.has(new URL(request.url).pathname)) await cache.delete(request);
  }
  const index: SavedIndex = { owner: listed.owner, savedAt: new Date().toISOString(), pages: kept };
  await cache.put(
    SAVED_INDEX,
    new Response(JSON.stringify(index), { headers: { 'Content-Type': 'application/json' } }),
  );
  return index;
}

let running: Promise<SavedIndex | null> | null = null;

/**
 * Brings what this phone keeps up to date with the server. One sync at a time; without Cache
 * Storage (an old browser, a private window that refuses it) nothing is saved and the pages
 * simply need a signal.
 */
export function saveForOffline(): Promise<SavedIndex | null> {
  if (!supported()) return Promise.resolve(null);
  running ??= sync()
    .catch(() => null)
    .finally(() => {
      running = null;
    });
  return running;
}
