import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import {
  isRouteErrorResponse,
  useLoaderData,
  type ClientLoaderFunctionArgs,
} from '@remix-run/react';
import { redirectDocument } from '@remix-run/router';
import { tryApi } from '~/.server/api-errors';
import { requireVerifiedUser } from '~/.server/auth';
import { soonestAhead } from '~/.server/clock';
import { qrSvg } from '~/.server/qr';
import { savedCopyAt } from '~/.server/saved-copy';
import { walletButtonsOf } from '~/.server/wallet-pass';
import { ParkingPass } from '~/components/bookings/parking-pass';
import { useKept } from '~/components/layout/kept-part';
import { useSavedForOffline } from '~/offline/use-saved-for-offline';
import { privatePageHeaders } from '~/utils/private-page';

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  {
    title: loaded ? `Parking pass: ${loaded.eventTitle} · Parkside` : 'Parking pass · Parkside',
  },
  {
    name: 'description',
    content: 'Your gate code, the address and the way in: show this pass to your host on arrival.',
  },
];

export const headers = privatePageHeaders;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = requireVerifiedUser(context, request);
  // The driver's alone, kept until the booking, its event or its report changes, or "I can't
  // park here" opens or closes with the parking window (decision 071).
  const found = await context.kept.own(request, user.id, async (api) => {
    const result = await tryApi(() => api.pass.get({ bookingId: params.bookingId ?? '' }));
    if (!result.ok) return { value: null, dependsOn: null };
    const pass = result.value;
    const [qr, wallet, options] = await Promise.all([
      qrSvg(pass.code),
      walletButtonsOf(context, pass),
      tryApi(() => api.parkingReport.options({ bookingId: pass.bookingId, alternative: false })),
    ]);
    // "I can't park here" while the window is open, when it opens before; once reported, the
    // way to what was done.
    const problem = !options.ok
      ? 'closed'
      : options.value.report
        ? 'reported'
        : options.value.opensAt
          ? 'soon'
          : options.value.closedReason
            ? 'closed'
            : 'open';
    // A Google Wallet object on its way to being saved is not kept: no notification says so.
    const walletPending =
      Boolean(context.wallet.google) && pass.status === 'confirmed' && !pass.googleWalletSaved;
    return {
      value: { pass, qr, wallet, problem } as const,
      dependsOn: walletPending
        ? null
        : { events: [pass.event.id], until: soonestAhead([pass.availableFrom, pass.availableTo]) },
    };
  });
  if (!found) {
    throw data({ reason: 'not-found', message: 'This pass does not exist.' }, { status: 404 });
  }
  return {
    shown: context.kept.sent(found),
    eventTitle: found.pass.event.title,
    savedAt: savedCopyAt(request),
  };
}

/**
 * With no signal, a pass opened from another page comes from the phone: the browser loads it as
 * a whole page, which the service worker answers with the copy saved for offline (decision 042).
 * The server's own answers (not found, signed out) stand as they are.
 */
export async function clientLoader({ serverLoader, request }: ClientLoaderFunctionArgs) {
  try {
    return await serverLoader<typeof loader>();
  } catch (error) {
    if (isRouteErrorResponse(error) || error instanceof Response) throw error;
    throw redirectDocument(new URL(request.url).pathname);
  }
}

export default function Pass() {
  const loaded = useLoaderData<typeof loader>();
  const { pass, qr, wallet, problem } = useKept(loaded.shown);
  useSavedForOffline(pass);
  return (
    <ParkingPass pass={pass} qr={qr} savedAt={loaded.savedAt} wallet={wallet} problem={problem} />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
