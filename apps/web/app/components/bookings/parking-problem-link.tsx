import { Link } from '@remix-run/react';
import { formatEventDate, formatEventTime } from '~/utils/event-time';

/** Where "I can't park here" starts, in the event's zone: "12:30 PM MST on Fri, Dec 4, 2026". */
const opensText = (fromIso: string, timeZone: string) =>
  `${formatEventTime(fromIso, timeZone)} on ${formatEventDate(fromIso, timeZone)}`;

/**
 * Before the parking window opens: a driver learns in advance that help exists and when, with
 * the page that explains what it offers (the report page, which says when it opens).
 */
export function ParkingHelpAhead({
  bookingId,
  availableFrom,
  timeZone,
  className = '',
}: {
  bookingId: string;
  availableFrom: string;
  timeZone: string;
  className?: string;
}) {
  return (
    <p className={className}>
      Can&apos;t park when you get there? From {opensText(availableFrom, timeZone)} this pass offers
      a nearby driveway or your money back.{' '}
      <Link
        to={`/bookings/${bookingId}/report`}
        className="font-semibold underline underline-offset-4"
      >
        How it works
      </Link>
    </p>
  );
}

/**
 * On the pass: "I can't park here" while the parking window is open, before it when that help
 * opens, or, once reported, the way to what was done about it (the new pass, or the refund).
 */
export function ParkingProblemLink({
  bookingId,
  state,
  availableFrom,
  timeZone,
}: {
  bookingId: string;
  state: 'soon' | 'open' | 'reported' | 'closed';
  availableFrom: string;
  timeZone: string;
}) {
  if (state === 'closed') return null;
  if (state === 'soon') {
    return (
      <ParkingHelpAhead
        bookingId={bookingId}
        availableFrom={availableFrom}
        timeZone={timeZone}
        className="rounded-xl border-2 border-dashed border-black px-4 py-3 text-base"
      />
    );
  }
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
