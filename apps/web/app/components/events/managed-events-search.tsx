import { EVENT_SEARCH_MAX_LENGTH } from '@parkside/validators';
import { useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { EmptyState } from '~/components/ui/empty-state';
import { PastTheLastPage } from '~/components/ui/page-links';
import { ListSearch } from '~/components/ui/list-search';
import { ButtonLink } from '~/components/ui/button-link';

/** Narrows /registered-events or /archived-events by title, venue or city (a plain GET form). */
export function ManagedEventsSearch({ q }: { q: string }) {
  return (
    <ListSearch
      id="managed-events-q"
      label="Search by title, venue or city"
      q={q}
      maxLength={EVENT_SEARCH_MAX_LENGTH}
      filtered={q !== ''}
    />
  );
}

/**
 * An empty page of a managed-events list: past the last page, nothing matching the search, or
 * no events at all (`title`, `action` and `children` say what to do then).
 */
export function NoManagedEvents({
  page,
  q,
  title,
  action,
  children,
}: {
  page: number;
  q: string;
  title: string;
  action: ReactNode;
  children: ReactNode;
}) {
  if (page > 1) return <PastTheLastPage />;
  if (q) return <NoEventsMatch q={q} />;
  return (
    <EmptyState title={title} className="mt-8" action={action}>
      {children}
    </EmptyState>
  );
}

/** The list is empty because of the search, not because there are no events. */
function NoEventsMatch({ q }: { q: string }) {
  const { pathname } = useLocation();
  return (
    <EmptyState
      title={<>No events match “{q}”.</>}
      className="mt-8"
      action={
        <ButtonLink to={pathname} variant="secondary">
          Show every event
        </ButtonLink>
      }
    >
      Try part of the title, the venue or the city.
    </EmptyState>
  );
}
