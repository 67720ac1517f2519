import { formatEventStart } from '~/utils/event-time';
import { MESSAGE_COUNTER_FROM, MESSAGE_MAX_LENGTH } from '@parkside/validators';
import { useRevalidator } from '@remix-run/react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { buttonClasses } from '~/components/ui/button';
import type { Thread } from './types';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

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

/**
 * Enter sends, Shift+Enter makes a new line; a refused or dropped send keeps the text with the
 * reason and a "Retry" that sends it once (the same client key until it is sent).
 */
export function Composer({ thread }: { thread: Thread }) {
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
      ) : thread.openUntil ? (
        <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950" role="status">
          This booking was cancelled. You can both still write here until{' '}
          {formatEventStart(thread.openUntil, thread.event.timeZone)}.
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
