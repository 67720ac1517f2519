/**
 * The two things each server keeps of pages (decisions 020 and 027), fed by one LISTEN: whole
 * pages for signed-out visitors, and the shared parts of pages for everyone. On the channel
 * `event_parking_changed` a payload is an event's id (its parking changed) or `events` (an
 * event was created, changed or deleted: lists of events change). One channel, so both kinds of
 * notification start and stop being heard together.
 */
import type { DatabaseHandle } from '@parkside/db';
import { sharedPartBytes, type SharedStore } from './kept-parts';
import { KeptStore } from './kept-store';
import { cachedPageBytes, type PageCache } from './remix-handler';

// Fed by the triggers `listings_parking_*`, `bookings_parking_*`, `events_parking_*`,
// `driveways_parking_update`, `reviews_parking_*`, `events_list_*`, and for a person's own
// pages `bookings_own_pages_*` and `parking_reports_own_pages_*` (docs/architecture.md): a
// change of those tables that bypasses them leaves stale pages.
export const PARKING_CHANNEL = 'event_parking_changed';
/** The payload that says the list of events changed. */
export const EVENT_LIST_CHANGED = 'events';

export interface Keeping {
  pages: PageCache;
  parts: SharedStore;
  /** Stops listening and drops everything kept. */
  stop(): Promise<void>;
}

/** Starts keeping pages; undefined (nothing kept, every page rendered) if listening fails. */
export async function startKeeping(
  database: Pick<DatabaseHandle, 'listen'>,
  /** Told when the listening connection comes back after a cut (the metrics count it). */
  onReconnect: () => void = () => {},
  /** Told each change as it is heard (an event's id, or `events`): the shared cache's purges. */
  onChange: (payload: string) => void = () => {},
) {
  let listened = false;
  const pages: PageCache = new KeptStore({ sizeOf: cachedPageBytes });
  const parts: SharedStore = new KeptStore({ sizeOf: sharedPartBytes });
  const stores = [pages, parts];
  try {
    const unlisten = await database.listen(
      PARKING_CHANNEL,
      (payload) => {
        onChange(payload);
        for (const store of stores) {
          if (payload === EVENT_LIST_CHANGED) store.eventListChanged();
          else store.changed(payload);
        }
      },
      () => {
        if (listened) onReconnect();
        listened = true;
        for (const store of stores) store.listeningStarted();
      },
    );
    return {
      pages,
      parts,
      async stop() {
        for (const store of stores) store.listeningStopped();
        await unlisten();
      },
    } satisfies Keeping;
  } catch (error) {
    console.error(
      `Pages are not kept: listening for changes failed (${(error as Error).message}).`,
    );
    return undefined;
  }
}
