/**
 * "Add to Apple Wallet" and "Save to Google Wallet" (decision 042): each only where the operator
 * configured it, and only for a confirmed pass. The Wallet pass's barcode is the same check-in
 * code as the QR here.
 */
export function WalletButtons({
  bookingId,
  wallet,
}: {
  bookingId: string;
  wallet: { apple: boolean; google: string | null };
}) {
  if (!wallet.apple && !wallet.google) return null;
  return (
    <div className="grid gap-3 print:hidden">
      {wallet.apple ? (
        <WalletLink href={`/bookings/${bookingId}/pass.pkpass`} icon={APPLE_ICON}>
          Add to Apple Wallet
        </WalletLink>
      ) : null}
      {wallet.google ? (
        <WalletLink href={wallet.google} icon={GOOGLE_ICON} external>
          Save to Google Wallet
        </WalletLink>
      ) : null}
    </div>
  );
}

const APPLE_ICON =
  'M4 5a3 3 0 0 1 3-3h10a3 3 0 0 1 3 3v1H4V5Zm0 3h16v2H4V8Zm0 4h16v7a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3v-7Z';
const GOOGLE_ICON =
  'M3 7a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v2H3V7Zm0 4h18v6a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3v-6Zm12 3v2h3v-2h-3Z';

/** One Wallet button: black, full width, a card icon before the words. */
function WalletLink({
  href,
  icon,
  external = false,
  children,
}: {
  href: string;
  icon: string;
  external?: boolean;
  children: string;
}) {
  return (
    <a
      href={href}
      {...(external ? { target: '_blank', rel: 'noreferrer' } : {})}
      className="flex items-center justify-center gap-2 rounded-xl bg-black px-4 py-3 text-center text-lg font-bold text-white underline-offset-4 hover:underline"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 shrink-0" fill="currentColor">
        <path d={icon} />
      </svg>
      {children}
    </a>
  );
}
