import * as Dialog from '@radix-ui/react-dialog';
import { Form, useNavigation } from '@remix-run/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { SubmitButton } from '~/components/forms/submit-button';
import { buttonClasses } from '~/components/ui/button';
import { useHydrated } from '~/utils/use-hydrated';
import { HiddenFields } from '~/components/forms/intent-form';

/**
 * A step that cannot be undone, asked first: the trigger opens a modal dialog that says what
 * will happen; "keep" (or Escape) leaves everything as it was, "confirm" posts the form with
 * `intent`. It closes once the request is answered (the toast tells how it went). Focus starts
 * on "keep", so a stray Enter never confirms.
 */
export function ConfirmDialog({
  trigger,
  triggerVariant = 'secondary',
  title,
  description,
  intent,
  fields,
  keepLabel,
  confirmLabel,
  pendingText,
  children,
}: {
  trigger: ReactNode;
  /** How the trigger looks: `danger` where confirming removes or cancels for others. */
  triggerVariant?: 'secondary' | 'danger';
  title: ReactNode;
  description: ReactNode;
  /** The submit button's `intent` value: tells this dialog's request from others on the page. */
  intent: string;
  /** Hidden inputs of the form: name to value. */
  fields: Record<string, string>;
  keepLabel: string;
  confirmLabel: string;
  pendingText: string;
  /** More fields of the form (a reason). */
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const navigation = useNavigation();
  const sending = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  const wasSending = useRef(false);
  useEffect(() => {
    if (wasSending.current && !sending) setOpen(false);
    wasSending.current = sending;
  }, [sending]);
  const keep = useRef<HTMLButtonElement>(null);
  // The dialog needs the page's script: until it runs, a press would do nothing, so the trigger
  // says it is not ready yet rather than swallowing the tap.
  const hydrated = useHydrated();

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={buttonClasses({ variant: triggerVariant })} disabled={!hydrated}>
        {trigger}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            keep.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-xl font-bold">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2 flex flex-col gap-2 text-slate-700">{description}</div>
          </Dialog.Description>
          <Form method="post" className="mt-4 flex flex-col gap-3">
            <HiddenFields values={fields} />
            {children}
            <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close ref={keep} className={buttonClasses({ variant: 'secondary' })}>
                {keepLabel}
              </Dialog.Close>
              <SubmitButton variant="danger" name="intent" value={intent} pendingText={pendingText}>
                {confirmLabel}
              </SubmitButton>
            </div>
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The reason asked for inside a ConfirmDialog (a cancellation, a rejection): required text. */
export function ReasonField({
  label,
  maxLength,
  placeholder,
}: {
  label: string;
  maxLength: number;
  placeholder: string;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        name="reason"
        required
        minLength={3}
        maxLength={maxLength}
        rows={3}
        placeholder={placeholder}
        className="focus:border-brand-600 focus:outline-brand-600/30 w-full rounded-lg border border-slate-300 px-3 py-2 text-base focus:outline-2"
      />
    </>
  );
}
