import { formatUsd } from '@parkside/validators';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { tryApi } from '~/.server/api-errors';
import { Steps } from '~/components/marketing/steps';
import { formatEventDate, formatEventTime, formatWindowEnd } from '~/utils/event-time';
import { ButtonLink } from '~/components/ui/button-link';
import { SummaryRows } from '~/components/ui/fact';

export const meta: MetaFunction = () => [
  { title: 'Your driveway is listed · Parkside' },
  {
    name: 'description',
    content: 'Your driveway is live on Parkside. Here is what happens next.',
  },
];

const listedStep = {
  title: 'Drivers find your driveway',
  body: 'Your listing now shows on the event page, with its price, spaces and walking distance to the venue.',
};

const reviewStep = {
  title: 'We check your listing',
  body: 'Usually within a day. We e-mail you when it is live; from then on drivers see it on the event page, with its price, spaces and walking distance to the venue.',
};

const afterListed = [
  {
    title: 'We e-mail you for every booking',
    body: "Each booking arrives with the driver's name, license plate and vehicle, so you know which cars to expect.",
  },
  {
    title: 'Welcome your drivers',
    body: 'Keep the booked spaces clear for the time window. Drivers follow your access instructions and can message you.',
  },
];

/** The page is public; the listing's summary is shown to its own host only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const listingId = new URL(request.url).searchParams.get('listing');
  if (!listingId || !context.session?.user.emailVerified) return { listing: null };
  const result = await tryApi(() => context.api.listing.mineById({ listingId }));
  return { listing: result.ok ? result.value : null };
}

export default function ListingSuccessPage() {
  const { listing } = useLoaderData<typeof loader>();
  const inReview = listing?.status === 'in_review';
  const next = [inReview ? reviewStep : listedStep, ...afterListed];
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="flex flex-col items-center text-center">
        <span
          aria-hidden="true"
          className="bg-brand-100 text-brand-800 grid h-16 w-16 place-items-center rounded-full"
        >
          <svg viewBox="0 0 24 24" fill="none" className="h-8 w-8">
            <path
              d="M5 12.5l4.5 4.5L19 7.5"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
        <h1 className="mt-6 text-3xl font-extrabold tracking-tight sm:text-4xl">
          {inReview ? 'Your driveway is in review' : 'Your driveway is listed!'}
        </h1>
        <p className="mt-3 max-w-xl text-lg text-slate-700">
          {inReview
            ? 'Thanks for hosting with Parkside. We check new hosts’ first listings (and any that look unusual) before drivers see them, usually within a day, and e-mail you when yours is live.'
            : 'Thanks for hosting with Parkside. Drivers can book your spaces from now on.'}
        </p>
      </div>

      {listing ? (
        <dl
          aria-label="Your listing"
          className="mx-auto mt-10 grid max-w-xl gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
        >
          <SummaryRows
            rows={[
              ['Driveway', `${listing.drivewayTitle}, ${listing.street}, ${listing.city}`],
              ['Event', `${listing.eventTitle} at ${listing.venueName}`],
              [
                'Parking',
                `${formatEventDate(listing.startsAt, listing.timeZone)}, ${formatEventTime(listing.availableFrom, listing.timeZone)} to ${formatWindowEnd(listing.availableFrom, listing.availableTo, listing.timeZone)}`,
              ],
              [
                'Offer',
                `${listing.spacesOffered} ${listing.spacesOffered === 1 ? 'space' : 'spaces'} at ${formatUsd(listing.priceCents)}`,
              ],
            ]}
          />
          <div className="mt-1 border-t border-slate-200 pt-3">
            <Link
              to={inReview ? '/my-listings' : `/rent?event=${listing.eventId}`}
              className="text-brand-800 text-sm font-semibold hover:underline"
            >
              {inReview ? 'See it on My Listings' : 'See it as drivers do'}{' '}
              <span aria-hidden="true">→</span>
            </Link>
          </div>
        </dl>
      ) : null}

      <section aria-labelledby="next-heading" className="mt-12">
        <h2 id="next-heading" className="text-2xl font-bold">
          What happens next
        </h2>
        <div className="mt-6">
          <Steps steps={next} />
        </div>
      </section>

      <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to="/my-listings" size="lg">
          Go to my listings
        </ButtonLink>
        <ButtonLink to="/list" size="lg" variant="secondary">
          Hosting tips and FAQ
        </ButtonLink>
      </div>
      <p className="mt-6 text-center text-sm text-slate-600">
        Plans changed? You can edit or close a listing in My Listings.
      </p>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
