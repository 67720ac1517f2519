import { Link } from '@remix-run/react';

/**
 * On the pass: "I can't park here" while the parking window is open, or, once reported, the way
 * to what was done about it (the new pass, or the refund).
 */
export function ParkingProblemLink({
  bookingId,
  state,
}: {
  bookingId: string;
  state: 'open' | 'reported' | 'closed';
}) {
  if (state === 'closed') return null;
  const to = `/bookings/${bookingId}/report`;
  return state === 'open' ? (
    <Link
      to={to}
      className="rounded-xl border-4 border-red-700 px-4 py-3 text-center text-lg font-bold text-red-800 underline-offset-4 hover:underline"
    >
      I can&apos;t park here
    </Link>
  ) : (
    <Link
      to={to}
      className="rounded-xl border-4 border-black px-4 py-3 text-center text-lg font-bold underline-offset-4 hover:underline"
    >
      What happened to this booking
    </Link>
  );
}
