import { Link } from '@remix-run/react';
import { EmptyState } from '~/components/ui/empty-state';
import type { ConversationSummary } from './types';

/** The person's conversations, newest first, with their own unread counts. */
export function ConversationList({
  threads,
  selected,
}: {
  threads: ConversationSummary[];
  selected: string | null;
}) {
  if (threads.length === 0) {
    return (
      <EmptyState title="No conversations yet.">
        <p className="text-sm">
          A conversation starts when you message the host of a booking from{' '}
          <Link to="/my-bookings" className="text-brand-800 font-semibold hover:underline">
            My Bookings
          </Link>
          , or a driver from{' '}
          <Link to="/my-listings" className="text-brand-800 font-semibold hover:underline">
            My Listings
          </Link>
          .
        </p>
      </EmptyState>
    );
  }
  return (
    <nav aria-label="Conversations">
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        {threads.map((t) => {
          const current = t.bookingId === selected;
          return (
            <li key={t.id}>
              <Link
                to={`/messages?booking=${t.bookingId}`}
                aria-current={current ? 'page' : undefined}
                className={`block px-4 py-3 hover:bg-slate-50 ${current ? 'bg-brand-50' : ''}`}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="text-ink truncate font-semibold">{t.otherName}</span>
                  {t.unread > 0 ? (
                    <span className="bg-brand-700 rounded-full px-2 py-0.5 text-xs font-bold text-white">
                      {t.unread}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </span>
                <span className="block truncate text-xs text-slate-600">
                  {t.eventTitle} · {t.role === 'driver' ? 'you are parking' : 'your driveway'}
                </span>
                <span
                  className={`mt-0.5 block truncate text-sm ${t.unread > 0 ? 'text-ink font-semibold' : 'text-slate-600'}`}
                >
                  {t.lastMessage.fromMe ? 'You: ' : ''}
                  {t.lastMessage.body}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
