import * as Dialog from '@radix-ui/react-dialog';
import { FEEDBACK_EMPTY_MESSAGE, FEEDBACK_MAX_LENGTH } from '@parkside/validators';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { buttonClasses } from '~/components/ui/button';
import { useToast } from '~/components/ui/toaster';
import { Icon } from '~/components/ui/icon';

type Status = 'idle' | 'sending' | 'success' | 'error';

/**
 * The customer's feedback dialog: open, then submitting, then success or error. Cancel clears
 * the text; the status resets whenever the dialog opens or closes. Loaded on first use by
 * FeedbackButton, so its code is not part of every page load.
 */
export default function FeedbackDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const setOpen = onOpenChange;
  const toast = useToast();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const errorId = useId();
  // The status starts over each time the dialog opens (the button outside opens it).
  useEffect(() => {
    if (open) setStatus('idle');
  }, [open]);

  const sending = status === 'sending';
  const empty = text.trim().length === 0;

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (empty) {
      setTouched(true);
      return;
    }
    setStatus('sending');
    try {
      const response = await fetch('/feedback', {
        method: 'POST',
        body: new FormData(event.currentTarget),
      });
      if (response.status === 429) {
        // Say why, beside the customer's error line: too much feedback in a short time.
        const body = (await response.json().catch(() => null)) as { error?: string } | null;
        if (body?.error) toast({ type: 'warning', title: body.error });
      }
      if (!response.ok) throw new Error(`Feedback answered ${response.status}`);
      setStatus('success');
      setText('');
      setTouched(false);
    } catch {
      setStatus('error');
    }
  }

  function changeOpen(next: boolean) {
    setOpen(next);
    setStatus('idle');
    if (!next) setTouched(false);
  }

  function cancel() {
    setText('');
    changeOpen(false);
  }

  const showEmpty = touched && empty && status !== 'success';

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-xl font-bold">Send Feedback</Dialog.Title>
          <Dialog.Description className="mt-1 text-slate-600">
            We value your feedback! Please let us know your thoughts or suggestions.
          </Dialog.Description>
          <form
            method="post"
            action="/feedback"
            className="mt-4 flex flex-col gap-3"
            onSubmit={send}
          >
            <label htmlFor="feedback-text" className="sr-only">
              Your feedback
            </label>
            <textarea
              id="feedback-text"
              name="feedbackText"
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                if (status === 'success' || status === 'error') setStatus('idle');
              }}
              onBlur={() => setTouched(true)}
              placeholder="Type your feedback here..."
              maxLength={FEEDBACK_MAX_LENGTH}
              rows={5}
              aria-invalid={showEmpty || undefined}
              aria-describedby={showEmpty ? errorId : undefined}
              className="focus:border-brand-600 focus:outline-brand-600/30 w-full rounded-lg border border-slate-300 px-3 py-2 text-base focus:outline-2 aria-[invalid=true]:border-red-600"
            />
            {/* A field people never see; bots fill it. */}
            <input
              type="text"
              name="website"
              tabIndex={-1}
              autoComplete="off"
              aria-hidden="true"
              className="hidden"
            />
            <div className="flex items-start justify-between gap-3 text-sm">
              <div aria-live="polite">
                {showEmpty ? (
                  <p id={errorId} className="font-medium text-red-700">
                    {FEEDBACK_EMPTY_MESSAGE}
                  </p>
                ) : null}
                {status === 'success' ? (
                  <p className="text-brand-800 font-medium">Thank you for your feedback!</p>
                ) : null}
                {status === 'error' ? (
                  <p className="font-medium text-red-700">
                    Failed to send feedback. Please try again.
                  </p>
                ) : null}
              </div>
              <p className="shrink-0 text-slate-600">
                {text.length}/{FEEDBACK_MAX_LENGTH}
              </p>
            </div>
            <div className="mt-2 flex justify-end gap-2">
              <button
                type="button"
                onClick={cancel}
                className={buttonClasses({ variant: 'secondary' })}
              >
                Cancel
              </button>
              <button type="submit" disabled={empty || sending} className={buttonClasses()}>
                {sending ? 'Sending…' : 'Submit'}
              </button>
            </div>
          </form>
          <Dialog.Close
            className="absolute top-4 right-4 rounded-md p-1 text-slate-500 hover:bg-slate-100"
            aria-label="Close"
          >
            <Icon name="close" className="h-5 w-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
