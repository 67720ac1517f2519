import { bookingPayNote, closeBlockedNote, formatUsd, hostMoneyLine } from '@parkside/validators';
import { Form, Link } from '@remix-run/react';
import { SubmitButton } from '~/components/forms/submit-button';
import { RatingSummary } from '~/components/reviews/rating-summary';
import { ReviewForm } from '~/components/reviews/review-form';
import { formatEventDate, formatWindowEnd, formatWindowStart } from '~/utils/event-time';
import { CancelBookingForm, EditListingForm, type ListingFormProps } from './host-forms';
import type { HostFormFailure } from './form-state';
import type { HostBooking, HostListing } from './types';
import { reviewFlagsSentence } from '~/components/listings/review-flags';
import { FixListingForm } from './fix-listing-form';
import { AlertText } from '~/components/forms/field';

function StatusBadge({ listing }: { listing: HostListing }) {
  const [label, tone] = !listing.upcoming
    ? ['Past', 'bg-slate-100 text-slate-700']
    : listing.status === 'in_review'
      ? ['In review', 'bg-sky-100 text-sky-900']
      : listing.status === 'rejected'
        ? ['Not approved', 'bg-red-100 text-red-800']
        : listing.status === 'closed'
          ? ['Closed', 'bg-amber-100 text-amber-900']
          : listing.booked >= listing.spacesOffered
            ? ['Full', 'bg-brand-100 text-brand-800']
            : ['Open', 'bg-emerald-100 text-emerald-800'];
  return <span className={`rounded-full px-3 py-1 text-xs font-bold ${tone}`}>{label}</span>;
}

function BookingRow({ booking, failure }: { booking: HostBooking; failure?: HostFormFailure }) {
  return (
    <li
      aria-label={`Booking by ${booking.driverName}`}
      className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">
          {booking.driverName}{' '}
          <RatingSummary
            rating={{ average: booking.driverRatingAverage, count: booking.driverRatingCount }}
            className="text-sm font-normal text-slate-700"
          />
        </p>
        <p className="text-sm text-slate-700">
          {booking.status === 'confirmed' ? (
            <>
              {hostMoneyLine(booking)}
              <span className="block text-xs text-slate-600 sm:text-right">
                {bookingPayNote(booking.paymentStatus === 'paid')}
              </span>
            </>
          ) : (
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-bold text-slate-700">
              Cancelled by {booking.cancelledBy === 'host' ? 'you' : booking.cancelledBy}
            </span>
          )}
        </p>
      </div>
      <p className="text-sm text-slate-700">
        {[booking.vehicleDescription, booking.licensePlate].filter(Boolean).join(' · ') ||
          'No vehicle details given'}
      </p>
      <p>
        <Link
          to={`/messages?booking=${booking.id}`}
          className="text-brand-800 text-sm font-semibold hover:underline"
        >
          Message driver<span className="sr-only"> {booking.driverName}</span>
        </Link>
      </p>
      {booking.status === 'cancelled' && booking.cancellationReason ? (
        <p className="text-sm text-slate-600">Reason: {booking.cancellationReason}</p>
      ) : null}
      {booking.review.open ? (
        <ReviewForm
          bookingId={booking.id}
          legend={`How was ${booking.driverName} as a guest?`}
          state={booking.review}
        />
      ) : booking.review.rating ? (
        <p className="text-sm text-slate-700">
          You rated {booking.driverName} {booking.review.rating} of 5.
        </p>
      ) : null}
      {booking.cancellable ? (
        <CancelBookingForm
          bookingId={booking.id}
          driverName={booking.driverName}
          failure={failure}
        />
      ) : null}
    </li>
  );
}

/** Why a listing waits for review, or why it was not approved. */
function ReviewNote({ listing }: { listing: HostListing }) {
  if (listing.status === 'in_review') {
    return (
      <p className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900 ring-1 ring-sky-200">
        <span className="font-semibold">Waiting for review.</span> Drivers see this listing once we
        have checked it, usually within a day (
        {reviewFlagsSentence(listing.reviewFlags).toLowerCase()}).
      </p>
    );
  }
  if (listing.status === 'rejected') {
    return (
      <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200">
        <span className="font-semibold">Not approved:</span>{' '}
        {listing.reviewReason ?? 'no reason given'}
      </p>
    );
  }
  return null;
}

/** One listing of a driveway: the event, the numbers, the actions and the bookings. */
export function ListingPanel({
  fixing,
  ...form
}: ListingFormProps & {
  /** The listing "Fix and send again" was followed for: its form opens. */
  fixing?: string | null;
}) {
  const { listing, terms, failure } = form;
  const { event } = listing;
  const figures: [string, string][] = [
    ['Price', formatUsd(listing.priceCents)],
    ['Booked', `${listing.booked} of ${listing.spacesOffered}`],
    ['Earnings', formatUsd(listing.earningsCents)],
  ];
  const closeFailed = failure?.target === listing.id && failure.intent.endsWith('-listing-status');
  return (
    <article
      aria-label={`${event.title} listing`}
      className="flex flex-col gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h4 className="font-bold">{event.title}</h4>
          <p className="text-sm text-slate-600">
            {formatEventDate(event.startsAt, event.timeZone)} · park{' '}
            {formatWindowStart(listing.availableFrom, event.startsAt, event.timeZone)} to{' '}
            {formatWindowEnd(listing.availableFrom, listing.availableTo, event.timeZone)}
          </p>
        </div>
        <StatusBadge listing={listing} />
      </div>
      <dl className="grid grid-cols-3 gap-2">
        {figures.map(([term, value]) => (
          <div key={term} className="rounded-lg bg-white px-3 py-2 ring-1 ring-slate-200">
            <dt className="text-xs font-semibold text-slate-600 uppercase">{term}</dt>
            <dd className="text-lg font-extrabold">{value}</dd>
          </div>
        ))}
      </dl>
      <ReviewNote listing={listing} />
      {/* A rejected listing changes only to be sent again, with the reason above its form. */}
      {listing.upcoming && listing.status === 'rejected' ? (
        <FixListingForm {...form} open={fixing === listing.id} />
      ) : null}
      {listing.upcoming && listing.status !== 'rejected' ? (
        <div className="flex flex-col gap-3">
          <EditListingForm {...form} />
          {listing.status === 'open' || listing.status === 'closed' ? (
            <Form method="post" className="flex flex-wrap items-center gap-3">
              <input type="hidden" name="listingId" value={listing.id} />
              {listing.status === 'open' ? (
                <SubmitButton
                  variant="secondary"
                  name="intent"
                  value="close-listing-status"
                  pendingText="Closing…"
                  disabled={listing.booked > 0}
                >
                  Close listing
                </SubmitButton>
              ) : (
                <SubmitButton name="intent" value="open-listing-status" pendingText="Reopening…">
                  Reopen listing
                </SubmitButton>
              )}
              {listing.status === 'open' && listing.booked > 0 ? (
                <p className="text-sm text-slate-600">{closeBlockedNote(terms)}</p>
              ) : null}
              <AlertText>{closeFailed ? failure?.result.error?.['']?.[0] : null}</AlertText>
            </Form>
          ) : null}
        </div>
      ) : null}
      <section aria-label="Bookings">
        <h5 className="text-sm font-bold text-slate-800">Bookings</h5>
        {listing.bookings.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No bookings yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200">
            {listing.bookings.map((booking) => (
              <BookingRow key={booking.id} booking={booking} failure={failure} />
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
