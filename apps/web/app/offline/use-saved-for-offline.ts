import { useEffect, useState } from 'react';
import { registerServiceWorker } from './register';
import { saveForOffline, type SavedIndex } from './saved-pages';

/**
 * Saves this person's game-day pages on the phone when a page that shows them opens (and again
 * whenever its data changes, such as after a cancellation). Answers what is saved once known:
 * undefined until then, null where this browser cannot save pages.
 */
export function useSavedForOffline(version: unknown): SavedIndex | null | undefined {
  const [saved, setSaved] = useState<SavedIndex | null | undefined>(undefined);
  // What is saved opens with no signal only through the service worker: start it now.
  useEffect(() => registerServiceWorker({ now: true }), []);
  useEffect(() => {
    let live = true;
    void saveForOffline().then((index) => {
      if (live) setSaved(index);
    });
    return () => {
      live = false;
    };
  }, [version]);
  return saved;
}
