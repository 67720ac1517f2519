import type { MoneyTerms } from '@parkside/validators';
import type { ManagedEvent } from '@parkside/api';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { loadManagedEvents, manageEventAction } from '~/.server/event-actions';
import { ManagedEventList } from '~/components/events/managed-event-card';
import { ManagedEvents } from '~/components/events/managed-events-search';
import { PageBody } from '~/components/layout/page-body';
import { ButtonLink } from '~/components/ui/button-link';

export const meta: MetaFunction = () => [{ title: 'Registered events · Parkside' }];

export function loader(args: LoaderFunctionArgs) {
  return loadManagedEvents(args, ['scheduled', 'cancelled']);
}

export function action(args: ActionFunctionArgs) {
  return manageEventAction(args);
}

function EventList({
  title,
  events,
  isAdmin,
  terms,
}: {
  title: string;
  events: ManagedEvent[];
  isAdmin: boolean;
  terms: MoneyTerms;
}) {
  if (events.length === 0) return null;
  return (
    <section aria-label={title} className="mt-8">
      <h2 className="mb-4 text-xl font-bold">{title}</h2>
      <ManagedEventList events={events} isAdmin={isAdmin} terms={terms} />
    </section>
  );
}

export default function RegisteredEventsPage() {
  const { events, q, page, hasMore, isAdmin, terms } = useLoaderData<typeof loader>();
  const upcoming = events.filter((event) => event.upcoming);
  const rest = events.filter((event) => !event.upcoming);
  return (
    <PageBody width="5xl">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Registered events</h1>
          <p className="mt-2 text-slate-600">
            {isAdmin
              ? 'Every event on Parkside. As an admin you can edit, cancel and archive them.'
              : 'Events you registered. Times are local to each venue.'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to="/archived-events" variant="secondary">
            Archived events
          </ButtonLink>
          <ButtonLink to="/register-event">Register an event</ButtonLink>
        </div>
      </header>
      <ManagedEvents
        list={{ q, page, hasMore, count: events.length }}
        empty={{
          title: 'You have not registered any events yet.',
          action: <ButtonLink to="/register-event">Register an event</ButtonLink>,
          text: 'Add a game, concert or festival so drivers can find parking near it.',
        }}
      >
        <EventList title="Upcoming" events={upcoming} isAdmin={isAdmin} terms={terms} />
        <EventList title="Ended or cancelled" events={rest} isAdmin={isAdmin} terms={terms} />
      </ManagedEvents>
    </PageBody>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
