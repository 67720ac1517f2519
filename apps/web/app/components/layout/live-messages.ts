import { useEffect, useState } from 'react';

/** Fired on `window` when something on the page changed unread counts: the badge asks again. */
export const UNREAD_CHANGED = 'parkside:unread-changed';
/** Fired on `window` when a conversation of this person has news: pages reload what they show. */
export const MESSAGES_CHANGED = 'parkside:messages-changed';

/** Whether the live stream is open right now (pages poll while it is not). */
export const liveState = { open: false };

const announce = (name: string) => window.dispatchEvent(new Event(name));

/**
 * The signed-in person's unread messages, kept current by the live stream
 * (`/api/messages/stream`, decision 029): counts arrive as they change, on whichever server the
 * stream is open. When the stream cannot open, the count is asked for every 30 s instead. Null
 * until known.
 */
export function useUnreadCount(enabled: boolean): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    const load = async () => {
      if (document.visibilityState !== 'visible') return;
      try {
        const response = await fetch('/api/trpc/message.unreadCount');
        if (!response.ok) return;
        const body = (await response.json()) as { result?: { data?: number } };
        if (!stopped && typeof body.result?.data === 'number') setCount(body.result.data);
      } catch {
        // Offline for a moment: the next round tries again.
      }
    };
    let stream: EventSource | null = null;
    // The stream's first event is the count; asked for here only when there is no stream.
    if (typeof EventSource === 'undefined') void load();
    else {
      stream = new EventSource('/api/messages/stream');
      stream.addEventListener('open', () => {
        liveState.open = true;
        // Opened again after a drop: catch up on whatever happened meanwhile.
        announce(MESSAGES_CHANGED);
      });
      stream.addEventListener('unread', (event) => {
        const { count: next } = JSON.parse((event as MessageEvent<string>).data) as {
          count: number;
        };
        if (!stopped) setCount(next);
      });
      stream.addEventListener('message', () => announce(MESSAGES_CHANGED));
      stream.addEventListener('resync', () => announce(MESSAGES_CHANGED));
      stream.addEventListener('end', () => {
        liveState.open = false;
        stream?.close();
      });
      stream.addEventListener('error', () => {
        // The browser reconnects by itself unless the server refused the stream outright;
        // then the count is asked for, and again every 30 s.
        liveState.open = stream?.readyState === EventSource.OPEN;
        if (stream?.readyState === EventSource.CLOSED) void load();
      });
    }
    const timer = setInterval(() => {
      if (!liveState.open) void load();
    }, 30_000);
    const onVisible = () => {
      if (!liveState.open) void load();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener(UNREAD_CHANGED, load);
    return () => {
      stopped = true;
      stream?.close();
      liveState.open = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener(UNREAD_CHANGED, load);
    };
  }, [enabled]);
  return count;
}
