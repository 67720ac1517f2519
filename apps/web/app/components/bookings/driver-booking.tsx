import { backToCardText, type MoneyFacts } from '@parkside/validators';
import { BookingDetails, type BookingView } from '~/components/rent/booking-details';
import { PaymentSummary } from '~/components/rent/payment-summary';
import { ReviewForm } from '~/components/reviews/review-form';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { ParkingHelpAhead } from './parking-problem-link';
import { Link } from '@remix-run/react';

export interface DriverBookingView extends BookingView, MoneyFacts {
  id: string;
  eventTitle: string;
  checkoutUrl: string | null;
  /** Why it was cancelled: the host's reason, or what the driver reported at the driveway. */
  cancellationReason?: string | null;
  /** When the host checked the car in; a checked-in booking can no longer be cancelled. */
  checkedInAt?: string | null;
  past: boolean;
  cancellable: boolean;
  refundIfCancelledCents: number;
  review: {
    open: boolean;
    rating: number | null;
    body: string | null;
    editableUntil: string | null;
  };
}

function StatusBadge({ booking }: { booking: DriverBookingView }) {
  const text =
    booking.status === 'cancelled'
      ? `Cancelled${booking.refundCents > 0 ? ` · ${backToCardText(booking.refundCents)}` : ''}`
      : booking.status === 'pending_payment'
        ? 'Waiting for payment'
        : booking.status === 'expired'
          ? `Not completed${booking.refundCents > 0 ? ` · ${backToCardText(booking.refundCents)}` : ''}`
          : booking.checkedInAt
            ? 'Checked in'
            : null;
  if (!text) return null;
  const tone =
    booking.status === 'pending_payment'
      ? 'bg-amber-100 text-amber-900'
      : booking.status === 'confirmed'
        ? 'bg-emerald-100 text-emerald-900'
        : 'bg-slate-100 text-slate-700';
  return <span className={`rounded-full px-3 py-1 text-xs font-bold ${tone}`}>{text}</span>;
}

/**
 * "I can't park here", known in advance: before the parking window when it opens and what it
 * offers; in the window, the way to it.
 */
function ParkingHelp({ booking }: { booking: DriverBookingView }) {
  const now = new Date().toISOString();
  if (now < booking.availableFrom) {
    return (
      <ParkingHelpAhead
        bookingId={booking.id}
        availableFrom={booking.availableFrom}
        timeZone={booking.timeZone}
        className="text-sm text-slate-700"
      />
    );
  }
  if (now > booking.availableTo) return null;
  return (
    <p>
      <Link
        to={`/bookings/${booking.id}/report`}
        className="text-sm font-semibold text-red-800 underline underline-offset-4"
      >
        I can&apos;t park here
      </Link>
    </p>
  );
}

/**
 * One of the driver's bookings on /my-bookings: where and when, the money in the words of its
 * payment mode, the pass and directions while it is upcoming, messages while they are open, the
 * review once it is over, and "Cancel booking" behind a dialog.
 */
export function DriverBooking({
  booking,
  fullRefundHours,
  messagesOpen,
}: {
  booking: DriverBookingView;
  fullRefundHours: number;
  /** Whether the conversation with the host can be opened (the page decides per section). */
  messagesOpen: boolean;
}) {
  const upcoming = booking.status === 'confirmed' && !booking.past;
  return (
    <article aria-label={`Booking for ${booking.eventTitle}`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-bold">{booking.eventTitle}</h3>
        <StatusBadge booking={booking} />
      </div>
      {booking.status === 'cancelled' && booking.cancellationReason ? (
        <p className="text-sm text-slate-700">Reason: {booking.cancellationReason}</p>
      ) : null}
      {booking.status === 'pending_payment' && booking.checkoutUrl ? (
        <p className="text-sm text-slate-700">
          Your space is held until you pay.{' '}
          <a href={booking.checkoutUrl} className="text-brand-800 font-semibold hover:underline">
            Continue to payment
          </a>
        </p>
      ) : null}
      <BookingDetails
        booking={booking}
        directions={upcoming || booking.status === 'pending_payment'}
        messageHref={messagesOpen ? `/messages?booking=${booking.id}` : undefined}
        passFor={upcoming ? booking.id : undefined}
      >
        <PaymentSummary booking={booking} fullRefundHours={fullRefundHours} />
      </BookingDetails>
      {upcoming && !booking.checkedInAt ? <ParkingHelp booking={booking} /> : null}
      {booking.review.open ? (
        <ReviewForm
          bookingId={booking.id}
          legend={`How was ${booking.drivewayTitle}?`}
          state={booking.review}
        />
      ) : booking.review.rating ? (
        <p className="text-sm text-slate-700">
          You rated this driveway {booking.review.rating} of 5
          {booking.review.body ? `: “${booking.review.body}”` : '.'}
        </p>
      ) : null}
      {booking.cancellable ? (
        <div>
          <CancelBookingDialog booking={booking} fullRefundHours={fullRefundHours} />
        </div>
      ) : null}
    </article>
  );
}
