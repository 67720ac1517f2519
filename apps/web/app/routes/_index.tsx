import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { availabilityOf } from '~/.server/availability';
import {
  EventCard,
  toEventCard,
  type CardAvailability,
  type EventCardEvent,
} from '~/components/events/event-card';
import { KeptPart, useKept } from '~/components/layout/kept-part';
import { EventSearchCombobox } from '~/components/events/event-search-combobox';
import { ButtonLink } from '~/components/ui/button-link';

export const meta: MetaFunction = () => [
  { title: 'Parkside: park steps from the event' },
  {
    name: 'description',
    content:
      'Find an event and book a private driveway next to it. Hosts earn from their driveway.',
  },
];

/** What the home page shows every visitor below the search: the next events and their spaces. */
interface SharedHome {
  upcoming: EventCardEvent[];
  availability: Record<string, CardAvailability>;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Kept, like /events, until one of these events' parking changes or any event is created,
  // changed or deleted (decision 027): the home page is the site's busiest signed-in page.
  const home = await context.kept.shared<SharedHome>(request, async (api) => {
    const upcoming = await api.event.list({ limit: 3 });
    const value = {
      upcoming: upcoming.items.map(toEventCard),
      availability: await availabilityOf(api, upcoming.items),
    };
    return {
      value,
      dependsOn: { events: upcoming.items.map((event) => event.id), eventList: true },
    };
  });
  return { home: context.kept.sent(home) };
}

const steps = [
  {
    title: 'Park',
    body: 'Search your event, compare driveways by price and walking distance, and book a space before you leave home.',
  },
  {
    title: 'Host',
    body: 'Live near a stadium or festival? List your driveway for the events you choose and get paid for the spaces you fill.',
  },
];

export default function Index() {
  const { upcoming, availability } = useKept(useLoaderData<typeof loader>().home);
  return (
    <>
      <section className="from-brand-900 to-brand-700 bg-gradient-to-b text-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
          <h1 className="max-w-2xl text-4xl font-extrabold tracking-tight sm:text-5xl">
            Park steps from the event, not across town.
          </h1>
          <p className="text-brand-100 mt-4 max-w-xl text-lg">
            Book a private driveway next to the stadium, parade route or festival gate. Your space
            is waiting when you arrive.
          </p>
          <EventSearchCombobox />
        </div>
      </section>

      <section aria-labelledby="how-heading" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="how-heading" className="text-2xl font-bold">
          How Parkside works
        </h2>
        <div className="mt-6 grid gap-6 sm:grid-cols-2">
          {steps.map((step) => (
            <div
              key={step.title}
              className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
            >
              <h3 className="text-brand-800 text-lg font-bold">{step.title}</h3>
              <p className="mt-2 text-slate-700">{step.body}</p>
            </div>
          ))}
        </div>
      </section>

      {upcoming.length > 0 ? (
        <KeptPart name="coming-up">
          <section aria-labelledby="soon-heading" className="mx-auto max-w-6xl px-4 pb-4 sm:px-6">
            <div className="flex items-end justify-between gap-4">
              <h2 id="soon-heading" className="text-2xl font-bold">
                Coming up
              </h2>
              <ButtonLink to="/events" variant="ghost">
                All events <span aria-hidden="true">→</span>
              </ButtonLink>
            </div>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {upcoming.map((event) => (
                <li key={event.id} className="flex">
                  <EventCard event={event} availability={availability[event.id]} />
                </li>
              ))}
            </ul>
          </section>
        </KeptPart>
      ) : null}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
