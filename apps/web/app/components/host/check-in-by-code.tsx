import { Form } from '@remix-run/react';
import { useRef } from 'react';
import { SubmitButton } from '~/components/forms/submit-button';
import { inputClass } from '~/components/forms/field';
import type { useCheckIns } from '~/offline/use-check-ins';
import { PassScanner } from './pass-scanner';

/**
 * The pass's gate code, typed, or its QR, scanned. In the browser (`checkIns` given) the check-in
 * goes through the phone, which works with no signal; without JavaScript the form posts to the
 * page.
 */
export function CheckInByCode({
  checkIns,
  checkInError,
  typedCode,
}: {
  checkIns: ReturnType<typeof useCheckIns> | null;
  checkInError?: string;
  typedCode?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const notice =
    checkIns?.notice ?? (checkInError ? { tone: 'refused', text: checkInError } : null);
  const refused = notice?.tone === 'refused';
  return (
    <div className="mt-4 grid gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <Form
        method="post"
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          if (!checkIns) return;
          event.preventDefault();
          void checkIns.checkIn({ code: input.current?.value ?? '' }).then((done) => {
            if (done && input.current) input.current.value = '';
          });
        }}
      >
        <input type="hidden" name="intent" value="check-in-code" />
        <label htmlFor="pass-code" className="font-semibold">
          Gate code
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            id="pass-code"
            name="code"
            defaultValue={typedCode}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={80}
            aria-describedby="pass-code-hint"
            aria-invalid={refused ? true : undefined}
            className={`${inputClass} min-w-0 flex-1 font-mono uppercase`}
          />
          <SubmitButton pendingText="Checking…" disabled={checkIns?.busy}>
            {checkIns?.busy ? 'Checking…' : 'Check in'}
          </SubmitButton>
        </div>
        <p id="pass-code-hint" className="text-sm text-slate-600">
          The 6 characters the driver reads from their pass, like K7F 3QX.
        </p>
        {notice ? (
          <p
            role={refused ? 'alert' : 'status'}
            className={`text-sm font-semibold ${
              refused
                ? 'text-red-700'
                : notice.tone === 'saved'
                  ? 'text-amber-900'
                  : 'text-emerald-800'
            }`}
          >
            {notice.text}
          </p>
        ) : null}
      </Form>
      {checkIns ? <PassScanner onCode={(code) => void checkIns.checkIn({ code })} /> : null}
    </div>
  );
}
