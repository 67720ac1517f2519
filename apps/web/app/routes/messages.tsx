import { httpStatusOf, publicMessageOf } from '@parkside/api/errors';
import { MESSAGE_COUNTER_FROM, MESSAGE_MAX_LENGTH } from '@parkside/validators';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Link, useFetcher, useLoaderData, useRevalidator } from '@remix-run/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { requireVerifiedUser } from '~/.server/auth';
import { liveState, MESSAGES_CHANGED, UNREAD_CHANGED } from '~/components/layout/live-messages';
import { buttonClasses } from '~/components/ui/button';
import { formatEventStart } from '~/utils/event-time';

export const meta: MetaFunction = () => [{ title: 'Messages · Parkside' }];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireVerifiedUser(context, request);
  const params = new URL(request.url).searchParams;
  const bookingId = params.get('booking');
  const before = params.get('before') ?? undefined;
  const threads = await context.api.message.threads({});
  let thread = null;
  if (bookingId) {
    if (!UUID.test(bookingId)) throw data({ message: 'That conversation does not exist.' }, 404);
    try {
      thread = await context.api.message.thread({ bookingId, before });
    } catch (error) {
      throw data({ message: publicMessageOf(error) }, httpStatusOf(error));
    }
  }
  return { me: user.id, threads: threads.items, thread };
}

/** Without JavaScript the composer posts here; the page shows the conversation again. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireVerifiedUser(context, request);
  const form = await request.formData();
  const bookingId = String(form.get('bookingId') ?? '');
  if (form.get('intent') === 'read') {
    await context.api.message.markRead({ bookingId }).catch(() => null);
    return { ok: true as const };
  }
  try {
    await context.api.message.send({
      bookingId,
      body: String(form.get('body') ?? ''),
      clientKey: String(form.get('clientKey') ?? ''),
    });
  } catch (error) {
    throw data({ message: publicMessageOf(error) }, httpStatusOf(error));
  }
  return redirect(`/messages?booking=${bookingId}`);
}

const time = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Thread = NonNullable<LoaderData['thread']>;

function ConversationList({ selected }: { selected: string | null }) {
  const { threads } = useLoaderData<typeof loader>();
  if (threads.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
        <p className="text-ink font-semibold">No conversations yet.</p>
        <p className="mt-2 text-sm text-slate-600">
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
      </div>
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

/** Sends through the JSON API, so a refusal or a dropped connection never leaves the page. */
async function send(bookingId: string, body: string, clientKey: string): Promise<string | null> {
  try {
    const response = await fetch('/api/trpc/message.send', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bookingId, body, clientKey }),
    });
    if (response.ok) return null;
    const answer = (await response.json().catch(() => null)) as {
      error?: { message?: string };
    } | null;
    return answer?.error?.message ?? 'Your message was not sent. Please try again.';
  } catch {
    return 'Parkside could not be reached. Check your connection and try again.';
  }
}

function Composer({ thread }: { thread: Thread }) {
  const { revalidate } = useRevalidator();
  const [body, setBody] = useState('');
  const [clientKey, setClientKey] = useState(newKey);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const textareaId = useId();
  const counterId = useId();
  const errorId = useId();

  const submit = async () => {
    if (sending || !body.trim()) return;
    setSending(true);
    setError(null);
    // The same key until it is sent: a retry never sends the message twice.
    const failure = await send(thread.bookingId, body, clientKey);
    setSending(false);
    if (failure) {
      setError(failure);
      return;
    }
    setBody('');
    setClientKey(newKey());
    revalidate();
  };

  const closed = thread.closedReason;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };
  return (
    <form
      method="post"
      ref={formRef}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className="flex flex-col gap-2"
    >
      {closed ? (
        <p className="rounded-xl bg-slate-100 px-4 py-3 text-sm text-slate-700" role="status">
          {closed}
        </p>
      ) : null}
      <input type="hidden" name="bookingId" value={thread.bookingId} />
      <input type="hidden" name="clientKey" value={clientKey} />
      {/* Closed: the box stays only to keep what was typed, never to send it. */}
      {!closed || body ? (
        <>
          <label htmlFor={textareaId} className="sr-only">
            Message to {thread.otherName}
          </label>
          <textarea
            id={textareaId}
            name="body"
            value={body}
            onChange={(e) => setBody(e.target.value)}
            onKeyDown={onKeyDown}
            readOnly={!!closed}
            required
            rows={3}
            maxLength={MESSAGE_MAX_LENGTH}
            placeholder={`Write to ${thread.otherName}…`}
            aria-describedby={`${counterId} ${error ? errorId : ''}`.trim()}
            aria-invalid={error ? true : undefined}
            className="focus:border-brand-600 focus:outline-brand-600/30 w-full resize-y rounded-xl border border-slate-300 px-3 py-2 text-base read-only:bg-slate-50 focus:outline-2"
          />
        </>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-800">
          {error} Your message is still here.
        </p>
      ) : null}
      {closed ? null : (
        <div className="flex items-center justify-between gap-3">
          <p id={counterId} className="text-xs text-slate-600" aria-live="polite">
            {body.length >= MESSAGE_COUNTER_FROM
              ? `${body.length.toLocaleString('en-US')} / ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`
              : 'Enter sends · Shift+Enter for a new line'}
          </p>
          <button
            type="submit"
            disabled={sending || !body.trim()}
            className={buttonClasses({ className: 'shrink-0' })}
          >
            {sending ? 'Sending…' : error ? 'Retry' : 'Send'}
          </button>
        </div>
      )}
    </form>
  );
}

function ThreadView({ thread }: { thread: Thread }) {
  const { me, threads } = useLoaderData<typeof loader>();
  const read = useFetcher();
  const endRef = useRef<HTMLDivElement>(null);
  const unread = threads.find((t) => t.bookingId === thread.bookingId)?.unread ?? 0;
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
        <Link
          to="/messages"
          className="text-brand-800 mb-2 inline-block text-sm font-semibold hover:underline lg:hidden"
        >
          <span aria-hidden="true">←</span> All conversations
        </Link>
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

/**
 * Reloads the page's conversations when the live stream says one changed; while the stream is
 * not open, every few seconds instead (when the tab is visible).
 */
function useFreshConversations(pollMs: number) {
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

export default function Messages() {
  const { thread, threads } = useLoaderData<typeof loader>();
  useFreshConversations(5_000);
  // Whenever the counts on this page change, the menu's badge asks again.
  const unreadHere = threads.reduce((sum, t) => sum + t.unread, 0);
  useEffect(() => {
    window.dispatchEvent(new Event(UNREAD_CHANGED));
  }, [unreadHere]);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className={`text-3xl font-extrabold tracking-tight ${thread ? 'hidden lg:block' : ''}`}>
        Messages
      </h1>
      <p className={`mt-1 text-slate-600 ${thread ? 'hidden lg:block' : ''}`}>
        Talk with the hosts and drivers of your bookings.
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[20rem_1fr]">
        <div className={thread ? 'hidden lg:block' : ''}>
          <ConversationList selected={thread?.bookingId ?? null} />
        </div>
        {thread ? (
          <ThreadView thread={thread} />
        ) : (
          <div className="hidden items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600 lg:flex">
            Choose a conversation to read it.
          </div>
        )}
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
