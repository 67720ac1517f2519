import { publicMessageOf } from '@parkside/api/errors';
import { formatUsd } from '@parkside/validators';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { requireVerifiedUser } from '~/.server/auth';
import { saveReviewForm } from '~/.server/reviews';
import { redirectWithToast } from '~/.server/toast';
import { SubmitButton } from '~/components/forms/submit-button';
import { BookingDetails } from '~/components/rent/booking-details';
import { PaymentSummary } from '~/components/rent/payment-summary';
import { ReviewForm } from '~/components/reviews/review-form';
import { buttonClasses } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';

export const meta: MetaFunction = () => [{ title: 'My Bookings · Parkside' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireVerifiedUser(context, request);
  return { bookings: await context.api.booking.mine() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireVerifiedUser(context, request);
  const form = await request.formData();
  const bookingId = String(form.get('bookingId') ?? '');
  if (form.get('intent') === 'review') return saveReviewForm(context, form, '/my-bookings');
  try {
    const booking = await context.api.booking.cancel({ bookingId });
    return redirectWithToast('/my-bookings', {
      type: 'success',
      title: 'Your booking is cancelled.',
      description:
        booking.refundCents > 0
          ? booking.paymentStatus === 'refund_pending'
            ? `${formatUsd(booking.refundCents)} goes back to your card within 5 to 10 business days.`
            : `${formatUsd(booking.refundCents)} will be refunded.`
          : 'No refund applies this close to the event.',
    });
  } catch (error) {
    return redirectWithToast('/my-bookings', { type: 'error', title: publicMessageOf(error) });
  }
}

type Booking = Awaited<ReturnType<typeof loader>>['bookings'][number];

function BookingItem({ booking }: { booking: Booking }) {
  return (
    <article aria-label={`Booking for ${booking.eventTitle}`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-bold">{booking.eventTitle}</h3>
        {booking.status === 'cancelled' ? (
          <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-bold text-slate-700">
            Cancelled
            {booking.refundCents > 0 ? ` · ${formatUsd(booking.refundCents)} refunded` : ''}
          </span>
        ) : booking.status === 'pending_payment' ? (
          <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-bold text-amber-900">
            Waiting for payment
          </span>
        ) : booking.status === 'expired' ? (
          <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-bold text-slate-700">
            Not completed · payment refunded
          </span>
        ) : null}
      </div>
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
        messageHref={
          booking.status === 'confirmed' || booking.status === 'cancelled'
            ? `/messages?booking=${booking.id}`
            : undefined
        }
        passFor={booking.status === 'confirmed' && !booking.past ? booking.id : undefined}
      >
        <PaymentSummary booking={booking} />
      </BookingDetails>
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
        <Form method="post" className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="bookingId" value={booking.id} />
          <SubmitButton
            variant="secondary"
            pendingText="Cancelling…"
            name="intent"
            value={`cancel-${booking.id}`}
          >
            Cancel booking
          </SubmitButton>
          <p className="text-sm text-slate-600">
            {booking.refundIfCancelledCents > 0
              ? `Cancel now for a full refund of ${formatUsd(booking.refundIfCancelledCents)}.`
              : 'Cancelling now frees the space but gives no refund (less than 24 hours to go).'}
          </p>
        </Form>
      ) : null}
    </article>
  );
}

export default function MyBookings() {
  const { bookings } = useLoaderData<typeof loader>();
  const upcoming = bookings.filter((b) => !b.past);
  const past = bookings.filter((b) => b.past);
  const sections: [string, Booking[]][] = [
    ['Upcoming', upcoming],
    ['Past', past],
  ];
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight">My Bookings</h1>
      {bookings.length === 0 ? (
        <EmptyState
          title="No bookings yet."
          className="mt-6"
          action={
            <Link to="/events" className={buttonClasses()}>
              Find parking
            </Link>
          }
        />
      ) : null}
      {sections.map(([title, list]) =>
        list.length ? (
          <section key={title} aria-label={title} className="mt-8 flex flex-col gap-8">
            <h2 className="text-xl font-bold">{title}</h2>
            {list.map((booking) => (
              <BookingItem key={booking.id} booking={booking} />
            ))}
          </section>
        ) : null,
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
