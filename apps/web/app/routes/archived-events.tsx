import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { loadManagedEvents, manageEventAction } from '~/.server/event-actions';
import { RouteErrorBoundary } from '~/components/errors/error-screens';
import { ManagedEventCard } from '~/components/events/managed-event-card';
import { ManagedEventsSearch, NoManagedEvents } from '~/components/events/managed-events-search';
import { buttonClasses } from '~/components/ui/button';
import { PageLinks } from '~/components/ui/page-links';

export const meta: MetaFunction = () => [{ title: 'Archived events · Parkside' }];

export function loader(args: LoaderFunctionArgs) {
  return loadManagedEvents(args, ['archived']);
}

export function action(args: ActionFunctionArgs) {
  return manageEventAction(args);
}

export default function ArchivedEventsPage() {
  const { events, q, page, hasMore, isAdmin } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <Link
        to="/registered-events"
        className="text-brand-800 text-sm font-semibold hover:underline"
      >
        <span aria-hidden="true">←</span> Registered events
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight">Archived events</h1>
      <p className="mt-2 text-slate-600">
        {isAdmin
          ? 'Events taken off Parkside. Unarchive one to bring it back.'
          : 'Your events that Parkside has archived. They no longer show to drivers.'}
      </p>
      <ManagedEventsSearch q={q} />
      {events.length === 0 ? (
        <NoManagedEvents page={page} q={q}>
          <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <p className="text-lg font-semibold">No archived events.</p>
            <p className="mt-1 text-slate-600">
              Events that are over or cancelled can be archived.
            </p>
            <Link
              to="/registered-events"
              className={buttonClasses({ variant: 'secondary', className: 'mt-4' })}
            >
              Back to registered events
            </Link>
          </div>
        </NoManagedEvents>
      ) : (
        <ul className="mt-8 grid gap-4 lg:grid-cols-2">
          {events.map((event) => (
            <li key={event.id} className="flex flex-col">
              <ManagedEventCard event={event} isAdmin={isAdmin} />
            </li>
          ))}
        </ul>
      )}
      <PageLinks page={page} hasMore={hasMore} />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
