import { Form, Link, useLocation, useNavigation } from '@remix-run/react';

const actionClass =
  'rounded-md px-2 py-1 text-sm font-semibold text-amber-900 underline underline-offset-2 hover:bg-amber-100';

/**
 * Sticky reminder for a signed-in user whose e-mail is not verified yet. Where no mail server is
 * set, it offers no resend (nothing would leave) but who can verify the address instead.
 */
export function VerifyEmailBanner({ mailWorks }: { mailWorks: boolean }) {
  const location = useLocation();
  const navigation = useNavigation();
  const sending =
    navigation.state === 'submitting' && navigation.formAction === '/resend-verification';
  return (
    <div
      role="region"
      aria-label="Email verification"
      className="sticky top-16 z-20 border-b border-amber-200 bg-amber-50"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2 sm:px-6">
        <p className="text-sm font-semibold text-amber-900">Please verify your email.</p>
        {mailWorks ? (
          <Form method="post" action="/resend-verification">
            <input
              type="hidden"
              name="redirectTo"
              value={`${location.pathname}${location.search}`}
            />
            <button
              type="submit"
              disabled={sending}
              className={`${actionClass} disabled:opacity-60`}
            >
              {sending ? 'Sending…' : 'Resend verification email'}
            </button>
          </Form>
        ) : (
          <Link to="/contact" className={actionClass}>
            No e-mail can be sent here: contact Parkside
          </Link>
        )}
      </div>
    </div>
  );
}
