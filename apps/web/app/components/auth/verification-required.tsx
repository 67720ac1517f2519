import { Form, useFetcher, useLocation } from '@remix-run/react';
import { useId } from 'react';
import { ErrorList, Field, inputClass } from '~/components/forms/field';
import { SubmitButton } from '~/components/forms/submit-button';
import { NoMailNote } from './no-mail-note';

/** What the verification guard says (see `requireVerifiedUser`). */
export interface VerificationRefusalData {
  email?: string;
  doing?: string | null;
  mailWorks?: boolean;
}

type Answer = { intent: 'code' | 'address'; error: string } | undefined;

/**
 * The customer's "Email Verification Required" screen, made a way through instead of a dead end
 * (decision 056): what was interrupted, the e-mailed code typed here (the page comes back once
 * it is right), another e-mail, a corrected address, and, when the site cannot send mail, whom
 * to ask.
 */
export function EmailVerificationRequired({ refusal }: { refusal: VerificationRefusalData }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const code = useFetcher<Answer>();
  const address = useFetcher<Answer>();
  const ids = useId();
  const codeError = code.data?.intent === 'code' ? code.data.error : undefined;
  const addressError = address.data?.intent === 'address' ? address.data.error : undefined;
  const mailWorks = refusal.mailWorks !== false;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-5 px-4 py-14 sm:py-20">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">Email Verification Required</h1>
        <p className="mt-3 text-slate-700">
          Please verify your email address to access this feature...
        </p>
        {refusal.doing ? (
          <p className="mt-3 text-lg font-semibold text-slate-900">
            Verify your e-mail to {refusal.doing}.
          </p>
        ) : null}
      </div>

      {mailWorks ? (
        <section
          aria-labelledby={`${ids}-code`}
          className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
        >
          <h2 id={`${ids}-code`} className="text-lg font-bold">
            Type the code from the e-mail
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            We sent a link and a 6-digit code to{' '}
            <strong className="font-semibold break-all">{refusal.email ?? 'your address'}</strong>.
            Type the code here, or open the link: you come back to this page either way.
          </p>
          <label htmlFor={`${ids}-code-input`} className="mt-4 block text-sm font-semibold">
            Verification code
          </label>
          <code.Form method="post" action="/verify-email" className="mt-1 flex flex-wrap gap-3">
            <input type="hidden" name="intent" value="code" />
            <input type="hidden" name="redirectTo" value={here} />
            <input
              id={`${ids}-code-input`}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              maxLength={12}
              aria-invalid={codeError ? true : undefined}
              aria-describedby={codeError ? `${ids}-code-error` : undefined}
              className={`${inputClass} max-w-40 flex-1 text-center text-lg tracking-widest tabular-nums`}
            />
            <SubmitButton
              busy={code.state !== 'idle'}
              pendingText="Checking…"
              className="flex-1 sm:flex-none"
            >
              Verify
            </SubmitButton>
          </code.Form>
          <ErrorList id={`${ids}-code-error`} errors={codeError ? [codeError] : undefined} />
          <Form method="post" action="/resend-verification" className="mt-4">
            <input type="hidden" name="redirectTo" value={here} />
            <button
              type="submit"
              className="text-brand-800 text-sm font-semibold underline underline-offset-2"
            >
              Resend verification email
            </button>
          </Form>
        </section>
      ) : (
        <NoMailNote>
          No mail server is set up here, so no link or code can reach{' '}
          <strong className="font-semibold break-all">{refusal.email ?? 'you'}</strong>. Ask the
          people who run this Parkside to verify your address; your account and this page will wait.
        </NoMailNote>
      )}

      {mailWorks ? (
        <details className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <summary className="cursor-pointer font-semibold">Wrong address?</summary>
          <address.Form method="post" action="/verify-email" className="mt-4 space-y-3">
            <input type="hidden" name="intent" value="address" />
            <input type="hidden" name="redirectTo" value={here} />
            <Field
              label="Your e-mail address"
              errors={addressError ? [addressError] : undefined}
              inputProps={{
                name: 'email',
                type: 'email',
                autoComplete: 'email',
                required: true,
                defaultValue: refusal.email,
              }}
            />
            <SubmitButton
              busy={address.state !== 'idle'}
              pendingText="Sending…"
              variant="secondary"
            >
              Use this address
            </SubmitButton>
          </address.Form>
        </details>
      ) : null}
    </div>
  );
}
