import type { Amenity } from '@parkside/validators';
import { AMENITY_LABELS, LISTING_PAGE_MAX, LISTING_PAGE_SIZE } from '@parkside/validators';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { useState } from 'react';
import { tryApi } from '~/.server/api-errors';
import { shownEvent } from '~/.server/shown-event';
import { joinWaitlistAction } from '~/.server/waitlist';
import { KeptPart, useKept } from '~/components/layout/kept-part';
import { ListingsMap } from '~/components/map/listings-map';
import { ListingCard } from '~/components/rent/listing-card';
import { ListingFilters, type ListingFilterValues } from '~/components/rent/listing-filters';
import { NotifyMe } from '~/components/rent/notify-me';
import { RentEventHeader } from '~/components/rent/rent-event-header';
import { buttonClasses } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { BackLink } from '~/components/ui/back-link';
import { PageBody } from '~/components/layout/page-body';
import { ButtonLink } from '~/components/ui/button-link';

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  {
    title: loaded?.eventTitle
      ? `Parking for ${loaded.eventTitle} · Parkside`
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
  // What every visitor sees, kept until the event's parking changes (decision 027): the event,
  // the page of driveways and whether the event is full, in one call.
  const page = await context.kept.shared(request, async (api) => {
    const found = await tryApi(() =>
      api.listing.rentPage({
        eventId: id,
        sort: filters.sort,
        amenities: filters.amenities,
        limit: Math.min(Math.max(shown || LISTING_PAGE_SIZE, LISTING_PAGE_SIZE), LISTING_PAGE_MAX),
        ...(filters.maxPrice && Number.isFinite(maxPrice) && maxPrice > 0
          ? { maxPriceCents: Math.round(maxPrice * 100) }
          : {}),
      }),
    );
    if (!found.ok) return { value: null, dependsOn: null };
    const { event, waiting: _visitorsNeverWait, ...rest } = found.value;
    return {
      value: { ...rest, event: shownEvent(event) },
      dependsOn: { events: [event.id] },
    };
  });
  if (!page) {
    return data({ page: null, eventTitle: null, filters, waiting: false }, { status: 404 });
  }
  // The driver's own: whether they are on the sold-out event's wait-list.
  const waiting =
    page.full && context.session ? await context.api.waitlist.waiting({ eventId: id }) : false;
  return { page: context.kept.sent(page), eventTitle: page.event.title, filters, waiting };
}

/** This page's address with more driveways shown, keeping the filters. */
function useShowMoreHref(shown: number): string {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.set('show', String(Math.min(shown + LISTING_PAGE_SIZE, LISTING_PAGE_MAX)));
  return `?${params}`;
}

/** "Notify me" on a sold-out event. */
export const action = (args: ActionFunctionArgs) => joinWaitlistAction(args);

export default function RentPage() {
  const loaded = useLoaderData<typeof loader>();
  const { filters, waiting } = loaded;
  const page = useKept(loaded.page);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const showMoreHref = useShowMoreHref(page?.items.length ?? 0);
  if (!page) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">We could not find that event</h1>
        <p className="mt-2 text-slate-600">It may have been removed, or the link is incomplete.</p>
        <ButtonLink to="/events" className="mt-6">
          Browse upcoming events
        </ButtonLink>
      </div>
    );
  }
  const { event, full } = page;
  const filtered = filters.maxPrice !== '' || filters.amenities.length > 0;
  return (
    <PageBody width="4xl">
      {/* Kept parts: rendered from the shared data alone, reused until it changes. */}
      <KeptPart name="rent-event">
        <BackLink to="/events">All events</BackLink>
        <RentEventHeader event={event} />

        <section aria-label="Map" className="mt-6">
          <ListingsMap
            venue={{ name: event.venueName, latitude: event.latitude, longitude: event.longitude }}
            listings={page.items}
            selectedId={selectedId}
            onSelect={(id) => {
              setSelectedId(id);
              document
                .getElementById(`listing-${id}`)
                ?.scrollIntoView({ behavior: 'smooth', block: 'center' });
            }}
          />
        </section>
      </KeptPart>

      <section aria-labelledby="parking-heading" className="mt-8 flex flex-col gap-4">
        <KeptPart name="rent-filters">
          <h2 id="parking-heading" className="text-xl font-bold">
            Driveways near {event.venueName}
          </h2>
          <ListingFilters eventId={event.id} values={filters} />
        </KeptPart>
        {full ? <NotifyMe waiting={waiting} hasListings={page.items.length > 0} /> : null}
        <KeptPart name="rent-listings">
          {page.items.length === 0 && full && !filtered ? null : page.items.length === 0 ? (
            <EmptyState
              title={
                filtered
                  ? 'No driveway matches these filters.'
                  : 'No driveways are listed for this event yet.'
              }
            >
              {filtered
                ? 'Try a higher price or fewer amenities.'
                : 'Hosts nearby add spaces every day; check back soon.'}
            </EmptyState>
          ) : (
            <>
              <ul className="flex flex-col gap-3">
                {page.items.map((listing) => (
                  <li
                    key={listing.id}
                    id={`listing-${listing.id}`}
                    className={
                      listing.id === selectedId
                        ? 'ring-brand-600 scroll-mt-24 rounded-2xl ring-4'
                        : 'scroll-mt-24'
                    }
                  >
                    <ListingCard
                      listing={listing}
                      timeZone={event.timeZone}
                      eventStartsAt={event.startsAt}
                      photoUrl={listing.photoUrl ?? undefined}
                    />
                  </li>
                ))}
              </ul>
              {page.hasMore && page.items.length < LISTING_PAGE_MAX ? (
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
        </KeptPart>
      </section>
    </PageBody>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
