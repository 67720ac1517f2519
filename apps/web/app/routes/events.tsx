import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { tryApi } from '~/.server/api-errors';
import { availabilityOf } from '~/.server/availability';
import { readEventFilters } from '~/.server/event-filters';
import {
  EventCard,
  toEventCardPage,
  type CardAvailability,
  type EventCardPage,
} from '~/components/events/event-card';
import { EventSearchForm, type EventFilters } from '~/components/events/event-search-form';
import { NearMeButton } from '~/components/events/near-me-button';
import { KeptPart, useKept } from '~/components/layout/kept-part';
import { EmptyState } from '~/components/ui/empty-state';
import { PageBody } from '~/components/layout/page-body';
import { ButtonLink } from '~/components/ui/button-link';

export const meta: MetaFunction = () => [
  { title: 'Upcoming events · Parkside' },
  {
    name: 'description',
    content: 'Upcoming games, concerts and festivals with driveway parking nearby.',
  },
];

/** What /events shows every visitor: the page of events and their spaces, or why not. */
type SharedEvents =
  | { ok: true; value: EventCardPage; availability: Record<string, CardAvailability> }
  | { ok: false; status: number; error: string; availability: Record<string, never> };

const withoutNear = (filters: EventFilters): EventFilters => ({ ...filters, lat: '', lng: '' });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { filters, notice, cursor, near, nearError } = readEventFilters(new URL(request.url));
  if (nearError) {
    return data(
      { filters: withoutNear(filters), cursor, shared: null, error: nearError, notice },
      { status: 400 },
    );
  }
  // What every visitor sees, kept until one of its events' parking changes or any event is
  // created, changed or deleted (decision 027).
  const shared = await context.kept.shared<SharedEvents>(request, async (api) => {
    const result = await tryApi(() =>
      api.event.list({
        q: filters.q || undefined,
        from: filters.from || undefined,
        to: filters.to || undefined,
        near,
        cursor,
      }),
    );
    if (!result.ok) return { value: { ...result, availability: {} }, dependsOn: null };
    const availability = await availabilityOf(api, result.value.items);
    const events = result.value.items.map((event) => event.id);
    const value = { ok: true as const, value: toEventCardPage(result.value), availability };
    return { value, dependsOn: { events, eventList: true } };
  });
  if (!shared.ok) {
    return data(
      { filters, cursor, shared: null, error: shared.error, notice },
      { status: shared.status },
    );
  }
  return { filters, cursor, shared: context.kept.sent(shared), error: null, notice };
}

const NO_EVENTS: EventCardPage = { items: [], nextCursor: null };

function pageLink(filters: EventFilters, cursor?: string) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `/events?${query}` : '/events';
}

export default function EventsPage() {
  const loaded = useLoaderData<typeof loader>();
  const { filters, cursor, error, notice } = loaded;
  const shared = useKept(loaded.shared);
  const page = shared?.ok ? shared.value : NO_EVENTS;
  const availability = shared?.ok ? shared.availability : {};
  const filtered = Boolean(filters.q || filters.from || filters.to);
  const nearMe = Boolean(filters.lat && filters.lng);

  // All of it comes from the shared data and the address: one kept part (decision 027).
  return (
    <KeptPart name="events">
      <PageBody width="6xl">
        <header className="mb-6">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Upcoming events</h1>
          <p className="mt-2 text-slate-600">
            Pick your event to see driveways for rent nearby. Times are local to each venue.
          </p>
        </header>

        <EventSearchForm filters={filters} error={error} notice={notice} />

        <div className="mt-4 flex flex-wrap items-start gap-x-4 gap-y-2">
          <NearMeButton params={Object.fromEntries(Object.entries(filters).filter(([, v]) => v))} />
          {nearMe ? (
            <p className="py-3 text-sm text-slate-700">
              Sorted by distance from your location.{' '}
              <Link
                to={pageLink(withoutNear(filters))}
                className="text-brand-800 font-semibold hover:underline"
              >
                Sort by date instead
              </Link>
            </p>
          ) : null}
        </div>

        <section aria-labelledby="results-heading" className="mt-8">
          <h2 id="results-heading" className="sr-only">
            Results
          </h2>
          {page.items.length > 0 ? (
            <>
              <p className="mb-4 text-sm text-slate-600" aria-live="polite">
                {filtered ? 'Matching events' : 'All upcoming events'},{' '}
                {nearMe ? 'nearest first' : 'soonest first'}
              </p>
              <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {page.items.map((event) => (
                  <li key={event.id} className="flex">
                    <EventCard event={event} availability={availability[event.id]} />
                  </li>
                ))}
              </ul>
            </>
          ) : error ? null : (
            <EmptyState
              title={filtered ? 'No upcoming events match your search.' : 'No upcoming events yet.'}
              action={
                filtered ? (
                  <ButtonLink to="/events" variant="secondary">
                    Show all events
                  </ButtonLink>
                ) : null
              }
            >
              {filtered
                ? 'Try a shorter search, another spelling or wider dates.'
                : 'Check back soon: hosts add events every week.'}
            </EmptyState>
          )}

          {page.nextCursor || cursor ? (
            <nav aria-label="Pages" className="mt-8 flex flex-wrap justify-center gap-3">
              {cursor ? (
                <ButtonLink to={pageLink(filters)} variant="secondary">
                  First page
                </ButtonLink>
              ) : null}
              {page.nextCursor ? (
                <ButtonLink to={pageLink(filters, page.nextCursor)}>More events</ButtonLink>
              ) : null}
            </nav>
          ) : null}
        </section>
      </PageBody>
    </KeptPart>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
