import { backToCardText, NOTHING_CHARGED, wasCharged } from '@parkside/validators';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { requireVerifiedUser } from '~/.server/auth';
import { soonestAhead } from '~/.server/clock';
import { saveReviewForm } from '~/.server/reviews';
import { redirectAfter } from '~/.server/toast';
import { DriverBooking } from '~/components/bookings/driver-booking';
import { EmptyState } from '~/components/ui/empty-state';
import { SavedOnPhone } from '~/components/bookings/saved-on-phone';
import { PageBody } from '~/components/layout/page-body';
import { ButtonLink } from '~/components/ui/button-link';
import { KeptPart, useKept, type KeptValue } from '~/components/layout/kept-part';

export const meta: MetaFunction = () => [
  { title: 'My Bookings · Parkside' },
  {
    name: 'description',
    content: 'Your parking passes, directions, and what cancelling each booking would refund.',
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireVerifiedUser(context, request);
  const fullRefundHours = context.settings.cancelFullRefundHours;
  // The driver's alone, kept until one of the bookings, its event, listing or review changes,
  // a booking is made, or the next moment its words change by the clock (decision 071).
  const mine = await context.kept.own(request, user.id, async (api) => {
    const mine = await api.booking.mine();
    // What the page shows, and nothing more: it is sent with every page.
    const bookings = mine.map(
      ({
        eventId: _e,
        changesAt: _c,
        createdAt: _d,
        cancelledBy: _b,
        holdExpiresAt: _h,
        ...shown
      }) => shown,
    );
    return {
      value: { bookings, fullRefundHours },
      dependsOn: {
        events: mine.map((b) => b.eventId),
        until: soonestAhead(mine.map((b) => b.changesAt)),
      },
    };
  });
  return { mine: context.kept.sent(mine) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireVerifiedUser(context, request);
  const form = await request.formData();
  const bookingId = String(form.get('bookingId') ?? '');
  if (form.get('intent') === 'review') return saveReviewForm(context, form, '/my-bookings');
  return redirectAfter('/my-bookings', async () => {
    const booking = await context.api.booking.cancel({ bookingId });
    return {
      to: '/my-bookings#cancelled',
      type: 'success',
      title: 'Your booking is cancelled.',
      description: !wasCharged(booking.paymentStatus)
        ? `${NOTHING_CHARGED}, so there is nothing to pay back.`
        : booking.refundCents > 0
          ? `${backToCardText(booking.refundCents)}, in 5 to 10 business days.`
          : `No refund: cancelled less than ${context.settings.cancelFullRefundHours} hours before the start.`,
    };
  });
}

type Booking = KeptValue<Awaited<ReturnType<typeof loader>>['mine']>['bookings'][number];

/** Upcoming (including a hold waiting for payment), past, and cancelled or never completed. */
function sectionsOf(bookings: Booking[]) {
  const cancelled = (b: Booking) => b.status === 'cancelled' || b.status === 'expired';
  return [
    // Soonest first for what is ahead; most recent first for the rest (the API's order).
    {
      id: 'upcoming',
      title: 'Upcoming',
      list: bookings.filter((b) => !cancelled(b) && !b.past).reverse(),
    },
    { id: 'past', title: 'Past', list: bookings.filter((b) => !cancelled(b) && b.past) },
    { id: 'cancelled', title: 'Cancelled', list: bookings.filter(cancelled) },
  ];
}

export default function MyBookings() {
  const { bookings, fullRefundHours } = useKept(useLoaderData<typeof loader>().mine);
  const sections = sectionsOf(bookings);
  return (
    <PageBody width="3xl">
      <h1 className="text-3xl font-extrabold tracking-tight">My Bookings</h1>
      <SavedOnPhone
        version={bookings}
        upcoming={sections[0]!.list.filter((b) => b.status === 'confirmed').length}
      />
      {/* The driver's own bookings alone: kept for them until they change (decision 071). */}
      <KeptPart name="bookings">
        {bookings.length === 0 ? (
          <EmptyState
            title="No bookings yet."
            className="mt-6"
            action={<ButtonLink to="/events">Find parking</ButtonLink>}
          />
        ) : (
          <nav aria-label="Booking sections" className="mt-4 flex flex-wrap gap-2">
            {sections.map((section) => (
              <a
                key={section.id}
                href={`#${section.id}`}
                className="rounded-full bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
              >
                {section.title} <span className="text-slate-600">({section.list.length})</span>
              </a>
            ))}
          </nav>
        )}
        {bookings.length > 0
          ? sections.map((section) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-heading`}
                className="mt-8 flex scroll-mt-24 flex-col gap-8"
              >
                <h2 id={`${section.id}-heading`} className="text-xl font-bold">
                  {section.title} <span className="text-slate-600">({section.list.length})</span>
                </h2>
                {section.list.length === 0 ? (
                  <p className="text-slate-600">
                    {section.id === 'upcoming' ? (
                      <>
                        Nothing booked ahead.{' '}
                        <Link to="/events" className="text-brand-800 font-semibold underline">
                          Find parking for your next event
                        </Link>
                      </>
                    ) : section.id === 'past' ? (
                      'Bookings show here once their event is over.'
                    ) : (
                      'No cancelled bookings.'
                    )}
                  </p>
                ) : (
                  section.list.map((booking) => (
                    <DriverBooking
                      key={booking.id}
                      booking={booking}
                      fullRefundHours={fullRefundHours}
                      messagesOpen={booking.messagesOpen}
                    />
                  ))
                )}
              </section>
            ))
          : null}
      </KeptPart>
    </PageBody>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
