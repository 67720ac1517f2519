import { formatUsd } from '@parkside/validators';
import { Link } from '@remix-run/react';
import { buttonClasses } from '~/components/ui/button';
import { formatEventDate, formatEventTime, formatWindowEnd } from '~/utils/event-time';
import { RefundRule, type RefundRuleView } from './refund-rule';

export type DrivewayState =
  'open' | 'full' | 'closed' | 'ended' | 'cancelled' | 'in_review' | 'rejected';

export interface BookingCardView {
  state: DrivewayState;
  payOnline: boolean;
  refund: RefundRuleView;
  listing: {
    id: string;
    priceCents: number;
    spacesLeft: number;
    spacesOffered: number;
    availableFrom: string;
    availableTo: string;
  };
  event: { id: string; timeZone: string; title: string };
}

const CLOSED_TEXT: Record<Exclude<DrivewayState, 'open' | 'full'>, string> = {
  closed: 'The host no longer offers this driveway for this event.',
  ended: 'This event is over; its driveways can no longer be booked.',
  cancelled: 'This event has been cancelled; its driveways can no longer be booked.',
  in_review: 'Drivers cannot book this yet: the listing is waiting for review by Parkside.',
  rejected: 'Drivers cannot see or book this: Parkside did not approve the listing.',
};

/**
 * The side of a driveway's page where a driver decides: price, spaces left, the window, how it is
 * paid, "Book" and the refund rule; or why it cannot be booked, with the way on.
 */
export function DrivewayBookingCard({
  view,
  waitlist,
}: {
  view: BookingCardView;
  /** "Notify me" for the event, when every driveway of it is full. */
  waitlist: React.ReactNode;
}) {
  const { listing, event, state } = view;
  const tz = event.timeZone;
  return (
    <aside
      aria-label="Book this driveway"
      className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:sticky lg:top-24"
    >
      <p className="flex items-baseline justify-between gap-3">
        <span className="text-3xl font-extrabold">{formatUsd(listing.priceCents)}</span>
        <span className="text-sm font-semibold text-slate-700">
          {state === 'open'
            ? `${listing.spacesLeft} of ${listing.spacesOffered} ${listing.spacesOffered === 1 ? 'space' : 'spaces'} left`
            : state === 'full'
              ? 'Fully booked'
              : 'Not bookable'}
        </span>
      </p>
      <p className="text-sm text-slate-700">
        Park {formatEventDate(listing.availableFrom, tz)},{' '}
        {formatEventTime(listing.availableFrom, tz)} to{' '}
        {formatWindowEnd(listing.availableFrom, listing.availableTo, tz)}
      </p>
      {state === 'open' ? (
        <>
          <Link
            to={`/booking-confirmation?listing=${listing.id}`}
            className={buttonClasses({ className: 'w-full' })}
          >
            Book · {formatUsd(listing.priceCents)}
          </Link>
          <p className="-mt-2 text-center text-sm text-slate-600">
            {view.payOnline
              ? 'Pay by card when you book. The price is all you pay.'
              : 'Pay the host when you arrive. The price is all you pay.'}
          </p>
        </>
      ) : state === 'full' ? (
        <>
          <p className="text-sm text-slate-700">
            Every space here is booked.{' '}
            {waitlist ? null : (
              <Link
                to={`/rent?event=${event.id}`}
                className="text-brand-800 font-semibold underline"
              >
                See other driveways for {event.title}
              </Link>
            )}
          </p>
          {waitlist}
        </>
      ) : (
        <p role="status" className="rounded-lg bg-slate-100 px-3 py-2 text-sm font-semibold">
          {CLOSED_TEXT[state]}
        </p>
      )}
      {state === 'open' || state === 'full' ? (
        <RefundRule
          rule={view.refund}
          priceCents={listing.priceCents}
          payOnline={view.payOnline}
          timeZone={tz}
        />
      ) : null}
    </aside>
  );
}
