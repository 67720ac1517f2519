import { data } from '@remix-run/node';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireVerifiedUser } from '~/.server/auth';
import { checkInFromForm, isCheckInForm } from '~/.server/check-in';
import { savedCopyAt } from '~/.server/saved-copy';
import { ArrivalsPanel } from '~/components/host/arrivals-panel';
import { SavedCopyNote } from '~/components/offline/saved-copy-note';
import { formatSavedAt } from '~/offline/saved-pages';
import { useSavedForOffline } from '~/offline/use-saved-for-offline';
import { BackLink } from '~/components/ui/back-link';
import { privatePageHeaders } from '~/utils/private-page';

export const meta: MetaFunction = () => [{ title: 'Arrivals · Parkside' }];

export const headers = privatePageHeaders;

/**
 * Game day for a host, on its own page: the cars due today and tomorrow, checked in by button,
 * typed code or camera. The phone keeps a copy, so it opens and checks cars in with no signal.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireVerifiedUser(context, request);
  const arrivals = await context.api.pass.arrivals();
  return { arrivals, savedAt: savedCopyAt(request) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireVerifiedUser(context, request);
  const form = await request.formData();
  if (isCheckInForm(form)) return checkInFromForm(context, form, '/arrivals');
  return data({ intent: 'check-in' as const, checkInError: 'Unknown action.', code: '' }, 400);
}

export default function ArrivalsPage() {
  const { arrivals, savedAt } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  useSavedForOffline(arrivals);
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <BackLink to="/my-listings">My Listings</BackLink>
      {savedAt ? (
        <SavedCopyNote when={<span suppressHydrationWarning>{formatSavedAt(savedAt)}</span>}>
          Check-ins made now are sent when the signal returns.
        </SavedCopyNote>
      ) : null}
      <ArrivalsPanel
        heading="h1"
        arrivals={arrivals}
        checkInError={answer?.checkInError}
        typedCode={answer?.code}
      />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
