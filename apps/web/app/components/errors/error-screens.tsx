import {
  EmailVerificationRequired,
  type VerificationRefusalData,
} from '~/components/auth/verification-required';
import { RequestReference } from './request-id';
import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import type { ReactNode } from 'react';
import { buttonClasses } from '~/components/ui/button';
import { GUARD_REASONS } from '~/utils/route-access';
import { ButtonLink } from '~/components/ui/button-link';

function Screen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center sm:py-24">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}

export function AdminOnly() {
  return (
    <Screen title="Admins only">
      <p className="text-slate-700">
        This page is for Parkside admins. If you need access, ask an admin.
      </p>
      <ButtonLink to="/" variant="secondary">
        Back to Parkside
      </ButtonLink>
    </Screen>
  );
}

/** Something that does not exist, or that this user may not see (the same answer for both). */
export function NotFound({ message }: { message?: string }) {
  return (
    <Screen title="Not found">
      <p className="text-slate-700">{message ?? 'We could not find that page.'}</p>
      <ButtonLink to="/" variant="secondary">
        Back to Parkside
      </ButtonLink>
    </Screen>
  );
}

/** The customer's fallback for anything unexpected. */
export function SomethingWentWrong() {
  return (
    <Screen title="Something went wrong...">
      <p className="text-slate-600">
        We could not show this page. Refreshing usually helps; if it keeps happening, try again in a
        few minutes.
      </p>
      <button type="button" className={buttonClasses()} onClick={() => window.location.reload()}>
        Refresh Page
      </button>
      <RequestReference />
    </Screen>
  );
}

/** Error boundary for any route: guard refusals get their own screen, the rest the fallback. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) {
    const reason = (error.data as { reason?: string } | null)?.reason;
    if (reason === GUARD_REASONS.verify) {
      return <EmailVerificationRequired refusal={error.data as VerificationRefusalData} />;
    }
    if (reason === GUARD_REASONS.admin) return <AdminOnly />;
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound message={(error.data as { message?: string } | null)?.message} />;
  }
  if (typeof document === 'undefined') console.error(error);
  return <SomethingWentWrong />;
}
