import { Link, useFetcher } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { formatEventStart } from '~/utils/event-time';
import { Composer } from './composer';
import type { Thread } from './types';
import { BackLink } from '~/components/ui/back-link';

const time = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** One conversation: its messages, oldest first, and the composer; opening it reads it. */
export function ThreadView({ thread, me, unread }: { thread: Thread; me: string; unread: number }) {
  const read = useFetcher();
  const endRef = useRef<HTMLDivElement>(null);
  const newest = thread.messages.at(-1)?.id;
  // Opening a conversation reads it: for me only.
  useEffect(() => {
    if (unread > 0 && read.state === 'idle') {
      read.submit({ intent: 'read', bookingId: thread.bookingId }, { method: 'post' });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [thread.bookingId, unread]);
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [newest]);
  return (
    <section
      aria-label={`Conversation with ${thread.otherName}`}
      className="flex min-h-[28rem] flex-col rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <header className="border-b border-slate-100 px-5 py-4">
        <BackLink to="/messages" className="mb-2 lg:hidden">
          All conversations
        </BackLink>
        <h2 className="text-ink text-lg font-bold">{thread.otherName}</h2>
        <p className="text-sm text-slate-600">
          {thread.event.title} · {formatEventStart(thread.event.startsAt, thread.event.timeZone)} ·{' '}
          {thread.drivewayTitle}
        </p>
      </header>
      <div className="flex-1 overflow-y-auto px-5 py-4" aria-live="polite">
        {thread.olderCursor ? (
          <p className="mb-4 text-center">
            <Link
              to={`/messages?booking=${thread.bookingId}&before=${encodeURIComponent(thread.olderCursor)}`}
              className="text-brand-800 text-sm font-semibold hover:underline"
            >
              Show earlier messages
            </Link>
          </p>
        ) : null}
        {thread.messages.length === 0 ? (
          <p className="py-10 text-center text-sm text-slate-600">
            No messages yet. Say hello to {thread.otherName}: ask about the driveway, or let them
            know when you will arrive.
          </p>
        ) : (
          <ol className="flex flex-col gap-3">
            {thread.messages.map((m) => {
              const mineToo = m.senderId === me;
              return (
                <li key={m.id} className={`flex ${mineToo ? 'justify-end' : 'justify-start'}`}>
                  <div
                    className={`max-w-[85%] rounded-2xl px-4 py-2 ${
                      mineToo ? 'bg-brand-700 text-white' : 'text-ink bg-slate-100'
                    }`}
                  >
                    <p className="sr-only">{mineToo ? 'You' : thread.otherName} wrote:</p>
                    <p className="break-words whitespace-pre-wrap">{m.body}</p>
                    <p
                      className={`mt-1 text-right text-xs ${mineToo ? 'text-white/80' : 'text-slate-600'}`}
                    >
                      <time dateTime={m.createdAt}>{time.format(new Date(m.createdAt))}</time>
                    </p>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        <div ref={endRef} />
      </div>
      <div className="border-t border-slate-100 px-5 py-4">
        <Composer key={thread.bookingId} thread={thread} />
      </div>
    </section>
  );
}
