import type { ReactNode } from 'react';
import { driverMoneyLine, formatUsd } from '@parkside/validators';
import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useRevalidator } from '@remix-run/react';
import { useEffect } from 'react';
import { tryApi } from '~/.server/api-errors';
import { requireVerifiedUser } from '~/.server/auth';
import { BookingDetails } from '~/components/rent/booking-details';
import { PaymentSummary } from '~/components/rent/payment-summary';
import { ButtonLink } from '~/components/ui/button-link';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title:
      data?.booking.status === 'pending_payment'
        ? 'Confirming your payment · Parkside'
        : data?.booking.status === 'confirmed'
          ? 'Booking confirmed · Parkside'
          : 'Booking not completed · Parkside',
  },
];

/** How often the page asks again while the payment is being confirmed. */
const CONFIRMING_POLL_MS = 1500;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireVerifiedUser(context, request);
  const url = new URL(request.url);
  const bookingId = url.searchParams.get('booking');
  if (!bookingId) throw redirect('/my-bookings');
  // Back from the payment page without paying: the held space is freed at once.
  if (url.searchParams.get('checkout') === 'cancelled') {
    await tryApi(() => context.api.booking.release({ bookingId }));
  }
  const result = await tryApi(() => context.api.booking.byId({ bookingId }));
  if (!result.ok) throw redirect('/my-bookings');
  return { booking: result.value };
}

function Confirming() {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (state === 'idle') revalidate();
    }, CONFIRMING_POLL_MS);
    return () => clearInterval(timer);
  }, [revalidate, state]);
  return (
    <div
      role="status"
      className="mt-6 flex items-center gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <span
        aria-hidden="true"
        className="border-brand-600 h-6 w-6 shrink-0 animate-spin rounded-full border-4 border-t-transparent"
      />
      <div>
        <p className="font-semibold">Confirming your payment…</p>
        <p className="text-sm text-slate-600">
          This usually takes a few seconds. Your space is held for you meanwhile.
        </p>
      </div>
      <noscript>
        <meta httpEquiv="refresh" content="3" />
      </noscript>
    </div>
  );
}

export default function BookingSuccess() {
  const { booking } = useLoaderData<typeof loader>();
  const again = `/rent?event=${booking.eventId}`;
  if (booking.status === 'pending_payment') {
    return (
      <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
        <Outcome eyebrow="Almost there" title={`Your space for ${booking.eventTitle}`} />
        <Confirming />
      </div>
    );
  }
  if (booking.status === 'expired') {
    const refunded = booking.paymentStatus !== 'void';
    return (
      <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
        <Outcome
          eyebrow="Booking not completed"
          warning
          title={refunded ? 'We refunded your payment' : 'Your space was released'}
        >
          {refunded
            ? `Your payment reached us after your hold on ${booking.drivewayTitle} ran out and the space had been taken. The full ${formatUsd(booking.refundCents)} goes back to your card within 5 to 10 business days.`
            : `You left the payment page before paying, so nothing was charged and the space at ${booking.drivewayTitle} is free for others again.`}
        </Outcome>
        <ButtonLink to={again} className="mt-6">
          Find parking for {booking.eventTitle}
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <Outcome
        eyebrow={booking.status === 'cancelled' ? 'Booking cancelled' : 'Booking confirmed'}
        title={
          booking.status === 'cancelled'
            ? `Your booking for ${booking.eventTitle} is cancelled`
            : `You have a space for ${booking.eventTitle}`
        }
      >
        {booking.paymentStatus === 'paid' && booking.status === 'confirmed'
          ? `Paid ${formatUsd(booking.priceCents)} by card. Your receipt is on its way to your inbox.`
          : booking.status === 'confirmed'
            ? `${driverMoneyLine(booking)}. Nothing is charged online.`
            : driverMoneyLine(booking)}
      </Outcome>
      <div className="mt-6">
        <BookingDetails
          booking={booking}
          messageHref={`/messages?booking=${booking.id}`}
          passFor={booking.status === 'confirmed' ? booking.id : undefined}
        >
          <PaymentSummary booking={booking} />
        </BookingDetails>
      </div>
      <ButtonLink to="/my-bookings" variant="secondary" className="mt-6">
        See all my bookings
      </ButtonLink>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';

/** How the booking ended up: a small label over the page's heading, and what it means. */
function Outcome({
  eyebrow,
  title,
  warning = false,
  children,
}: {
  eyebrow: string;
  title: string;
  warning?: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      <p
        className={`text-sm font-bold tracking-wide uppercase ${warning ? 'text-amber-800' : 'text-brand-800'}`}
      >
        {eyebrow}
      </p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight">{title}</h1>
      {children ? <p className="mt-2 text-slate-700">{children}</p> : null}
    </>
  );
}
