import type { Amenity } from '@parkside/validators';
import { AMENITY_LABELS, LISTING_PAGE_MAX, LISTING_PAGE_SIZE } from '@parkside/validators';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { tryApi } from '~/.server/api-errors';
import { ListingCard, type RentListing } from '~/components/rent/listing-card';
import { ListingFilters, type ListingFilterValues } from '~/components/rent/listing-filters';
import { buttonClasses } from '~/components/ui/button';
import { formatEventDate, formatEventTime } from '~/utils/event-time';

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  {
    title: loaded?.event
      ? `Parking for ${loaded.event.title} · Parkside`
      : 'Event not found · Parkside',
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const id = params.get('event');
  if (!id) return redirect('/events');
  const filters: ListingFilterValues = {
    sort: params.get('sort') === 'distance' ? 'distance' : 'price',
    maxPrice: params.get('max') ?? '',
    amenities: params.getAll('amenity').filter((a): a is Amenity => a in AMENITY_LABELS),
  };
  const maxPrice = Number(filters.maxPrice);
  // The first page of driveways is rendered; "Show more" asks for the next ones (?show=24).
  const shown = Number.parseInt(params.get('show') ?? '', 10);
  // Both at once: the listings do not wait for the event's header.
  const [result, listings] = await Promise.all([
    tryApi(() => context.api.event.byId({ id })),
    tryApi(() =>
      context.api.listing.forEvent({
        eventId: id,
        sort: filters.sort,
        amenities: filters.amenities,
        limit: Math.min(Math.max(shown || LISTING_PAGE_SIZE, LISTING_PAGE_SIZE), LISTING_PAGE_MAX),
        ...(filters.maxPrice && Number.isFinite(maxPrice) && maxPrice > 0
          ? { maxPriceCents: Math.round(maxPrice * 100) }
          : {}),
      }),
    ),
  ]);
  if (!result.ok || !listings.ok) {
    return data({ event: null, listings: null, filters }, { status: 404 });
  }
  const { soldOut, hasMore, items } = listings.value;
  // Only what the cards show travels to the browser.
  return {
    event: result.value,
    listings: { soldOut, hasMore, items: items.map(toCard) },
    filters,
  };
}

function toCard(listing: RentListing): RentListing {
  const { id, title, street, city, priceCents, spacesLeft, distanceMiles, amenities } = listing;
  const { availableFrom, availableTo } = listing;
  return {
    id,
    title,
    street,
    city,
    priceCents,
    spacesLeft,
    distanceMiles,
    amenities,
    availableFrom,
    availableTo,
  };
}

/** This page's address with more driveways shown, keeping the filters. */
function useShowMoreHref(shown: number): string {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.set('show', String(Math.min(shown + LISTING_PAGE_SIZE, LISTING_PAGE_MAX)));
  return `?${params}`;
}

export default function RentPage() {
  const { event, listings, filters } = useLoaderData<typeof loader>();
  const showMoreHref = useShowMoreHref(listings?.items.length ?? 0);
  if (!event || !listings) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">We could not find that event</h1>
        <p className="mt-2 text-slate-600">It may have been removed, or the link is incomplete.</p>
        <Link to="/events" className={buttonClasses({ className: 'mt-6' })}>
          Browse upcoming events
        </Link>
      </div>
    );
  }
  const filtered = filters.maxPrice !== '' || filters.amenities.length > 0;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <Link to="/events" className="text-brand-800 text-sm font-semibold hover:underline">
        <span aria-hidden="true">←</span> All events
      </Link>
      <header className="mt-4 flex flex-col gap-4 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 sm:flex-row">
        <img
          src={event.imageUrl ?? '/images/events/parade.svg'}
          alt=""
          width={640}
          height={360}
          className="aspect-video w-full bg-slate-200 object-cover sm:w-64"
        />
        <div className="p-5 sm:py-6 sm:pr-6 sm:pl-0">
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{event.title}</h1>
          {event.status === 'cancelled' ? (
            <p
              role="status"
              className="mt-2 rounded-lg bg-red-50 px-3 py-1.5 font-semibold text-red-800"
            >
              This event has been cancelled.
            </p>
          ) : null}
          <p className="mt-2 text-slate-700">
            {formatEventDate(event.startsAt, event.timeZone)} ·{' '}
            {formatEventTime(event.startsAt, event.timeZone)} to{' '}
            {formatEventTime(event.endsAt, event.timeZone)}
          </p>
          <p className="text-slate-600">
            {event.venueName}, {event.street}, {event.city}, {event.region}
          </p>
        </div>
      </header>

      <section aria-labelledby="parking-heading" className="mt-8 flex flex-col gap-4">
        <h2 id="parking-heading" className="text-xl font-bold">
          Driveways near {event.venueName}
        </h2>
        <ListingFilters eventId={event.id} values={filters} />
        {listings.items.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
            <p className="text-lg font-semibold">
              {filtered
                ? 'No driveway matches these filters.'
                : 'No driveways are listed for this event yet.'}
            </p>
            <p className="mt-1 text-slate-600">
              {filtered
                ? 'Try a higher price or fewer amenities.'
                : 'Hosts nearby add spaces every day; check back soon.'}
            </p>
          </div>
        ) : (
          <>
            {listings.soldOut ? (
              <p
                role="status"
                className="rounded-xl bg-amber-50 px-4 py-3 font-semibold text-amber-900"
              >
                Every driveway for this event is booked.
              </p>
            ) : null}
            <ul className="flex flex-col gap-3">
              {listings.items.map((listing) => (
                <li key={listing.id}>
                  <ListingCard listing={listing} timeZone={event.timeZone} />
                </li>
              ))}
            </ul>
            {listings.hasMore && listings.items.length < LISTING_PAGE_MAX ? (
              <Link
                to={showMoreHref}
                preventScrollReset
                className={buttonClasses({ variant: 'secondary', className: 'self-center' })}
              >
                Show more driveways
              </Link>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
