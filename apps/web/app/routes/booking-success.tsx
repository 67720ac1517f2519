import { formatUsd } from '@parkside/validators';
import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { tryApi } from '~/.server/api-errors';
import { requireVerifiedUser } from '~/.server/auth';
import { buttonClasses } from '~/components/ui/button';
import { BookingDetails } from '~/components/rent/booking-details';

export const meta: MetaFunction = () => [{ title: 'Booking confirmed · Parkside' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireVerifiedUser(context, request);
  const bookingId = new URL(request.url).searchParams.get('booking');
  if (!bookingId) throw redirect('/my-bookings');
  const result = await tryApi(() => context.api.booking.byId({ bookingId }));
  if (!result.ok) throw redirect('/my-bookings');
  return { booking: result.value };
}

export default function BookingSuccess() {
  const { booking } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <p className="text-brand-800 text-sm font-bold tracking-wide uppercase">Booking confirmed</p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight">
        You have a space for {booking.eventTitle}
      </h1>
      <p className="mt-2 text-slate-700">
        Pay {formatUsd(booking.priceCents)} to the host when you arrive.
      </p>
      <div className="mt-6">
        <BookingDetails booking={booking} messageHref={`/messages?booking=${booking.id}`} />
      </div>
      <Link
        to="/my-bookings"
        className={buttonClasses({ variant: 'secondary', className: 'mt-6' })}
      >
        See all my bookings
      </Link>
    </div>
  );
}
