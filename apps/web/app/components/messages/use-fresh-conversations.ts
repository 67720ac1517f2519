import { useRevalidator } from '@remix-run/react';
import { useEffect } from 'react';
import { liveState, MESSAGES_CHANGED } from '~/components/layout/live-messages';

/**
 * Reloads the page's conversations when the live stream says one changed; while the stream is
 * not open, every few seconds instead (when the tab is visible).
 */
export function useFreshConversations(pollMs: number) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const refresh = () => revalidate();
    window.addEventListener(MESSAGES_CHANGED, refresh);
    const timer = setInterval(() => {
      if (!liveState.open && document.visibilityState === 'visible') revalidate();
    }, pollMs);
    return () => {
      window.removeEventListener(MESSAGES_CHANGED, refresh);
      clearInterval(timer);
    };
  }, [pollMs, revalidate]);
}
