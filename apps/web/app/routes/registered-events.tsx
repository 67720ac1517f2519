import type { ManagedEvent } from '@parkside/api';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { requireVerifiedUser } from '~/.server/auth';
import { manageEventAction } from '~/.server/event-actions';
import { RouteErrorBoundary } from '~/components/errors/error-screens';
import { ManagedEventCard } from '~/components/events/managed-event-card';
import { buttonClasses } from '~/components/ui/button';

export const meta: MetaFunction = () => [{ title: 'Registered events · Parkside' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireVerifiedUser(context, request);
  const events = await context.api.event.mine({ statuses: ['scheduled', 'cancelled'] });
  return { events, isAdmin: user.isAdmin };
}

export function action(args: ActionFunctionArgs) {
  return manageEventAction(args, '/registered-events');
}

function EventList({
  title,
  events,
  isAdmin,
}: {
  title: string;
  events: ManagedEvent[];
  isAdmin: boolean;
}) {
  if (events.length === 0) return null;
  return (
    <section aria-label={title} className="mt-8">
      <h2 className="mb-4 text-xl font-bold">{title}</h2>
      <ul className="grid gap-4 lg:grid-cols-2">
        {events.map((event) => (
          <li key={event.id} className="flex flex-col">
            <ManagedEventCard event={event} isAdmin={isAdmin} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function RegisteredEventsPage() {
  const { events, isAdmin } = useLoaderData<typeof loader>();
  const upcoming = events.filter((event) => event.upcoming);
  const rest = events.filter((event) => !event.upcoming);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
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
          <Link to="/archived-events" className={buttonClasses({ variant: 'secondary' })}>
            Archived events
          </Link>
          <Link to="/register-event" className={buttonClasses()}>
            Register an event
          </Link>
        </div>
      </header>
      {events.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <p className="text-lg font-semibold">You have not registered any events yet.</p>
          <p className="mt-1 text-slate-600">
            Add a game, concert or festival so drivers can find parking near it.
          </p>
          <Link to="/register-event" className={buttonClasses({ className: 'mt-4' })}>
            Register an event
          </Link>
        </div>
      ) : null}
      <EventList title="Upcoming" events={upcoming} isAdmin={isAdmin} />
      <EventList title="Ended or cancelled" events={rest} isAdmin={isAdmin} />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
