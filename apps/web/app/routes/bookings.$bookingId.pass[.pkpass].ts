import { applePass } from '@parkside/wallet';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { tryApi } from '~/.server/api-errors';
import { requireVerifiedUser } from '~/.server/auth';
import { walletPassOf } from '~/.server/wallet-pass';

/**
 * The booking's Apple Wallet pass (decision 042), signed with the operator's certificates: the
 * driver's own confirmed booking only, and only where Apple Wallet is configured; else 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireVerifiedUser(context, request);
  const notFound = () => new Response('Not found', { status: 404 });
  if (!context.wallet.apple) return notFound();
  const result = await tryApi(() => context.api.pass.get({ bookingId: params.bookingId ?? '' }));
  if (!result.ok || result.value.status !== 'confirmed') return notFound();
  const body = applePass(
    context.wallet.apple,
    walletPassOf(result.value, context.settings.publicUrl),
  );
  return new Response(new Uint8Array(body), {
    headers: {
      'Content-Type': 'application/vnd.apple.pkpass',
      'Content-Disposition': `attachment; filename="parkside-pass-${result.value.bookingId.slice(0, 8)}.pkpass"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
