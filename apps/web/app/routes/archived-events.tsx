import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { loadManagedEvents, manageEventAction } from '~/.server/event-actions';
import { ManagedEventList } from '~/components/events/managed-event-card';
import { ManagedEvents } from '~/components/events/managed-events-search';
import { PageHeader } from '~/components/layout/page-header';
import { PageBody } from '~/components/layout/page-body';
import { ButtonLink } from '~/components/ui/button-link';

export const meta: MetaFunction = () => [{ title: 'Archived events · Parkside' }];

export function loader(args: LoaderFunctionArgs) {
  return loadManagedEvents(args, ['archived']);
}

export function action(args: ActionFunctionArgs) {
  return manageEventAction(args);
}

export default function ArchivedEventsPage() {
  const { events, q, page, hasMore, isAdmin, terms } = useLoaderData<typeof loader>();
  return (
    <PageBody width="5xl">
      <PageHeader
        back={{ to: '/registered-events', label: 'Registered events' }}
        title="Archived events"
      >
        {isAdmin
          ? 'Events taken off Parkside. Unarchive one to bring it back.'
          : 'Your events that Parkside has archived. They no longer show to drivers.'}
      </PageHeader>
      <ManagedEvents
        list={{ q, page, hasMore, count: events.length }}
        empty={{
          title: 'No archived events.',
          action: (
            <ButtonLink to="/registered-events" variant="secondary">
              Back to registered events
            </ButtonLink>
          ),
          text: 'Events that are over or cancelled can be archived.',
        }}
      >
        <ManagedEventList events={events} isAdmin={isAdmin} terms={terms} className="mt-8" />
      </ManagedEvents>
    </PageBody>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
