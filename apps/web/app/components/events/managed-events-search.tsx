import { EVENT_SEARCH_MAX_LENGTH } from '@parkside/validators';
import { useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { EmptyState } from '~/components/ui/empty-state';
import { PageLinks, PastTheLastPage } from '~/components/ui/page-links';
import { ListSearch } from '~/components/ui/list-search';
import { ButtonLink } from '~/components/ui/button-link';

/**
 * The body of /registered-events and /archived-events: the search (title, venue or city; a
 * plain GET form), then the events (`children`) or, when there are none, why: past the last
 * page, nothing matching the search, or none at all (`empty` says what to do then); then the
 * page links.
 */
export function ManagedEvents({
  list,
  empty,
  children,
}: {
  list: { q: string; page: number; hasMore: boolean; count: number };
  empty: { title: string; action: ReactNode; text: string };
  children: ReactNode;
}) {
  const { q, page } = list;
  return (
    <>
      <ListSearch
        id="managed-events-q"
        label="Search by title, venue or city"
        q={q}
        maxLength={EVENT_SEARCH_MAX_LENGTH}
        filtered={q !== ''}
      />
      {list.count > 0 ? (
        children
      ) : page > 1 ? (
        <PastTheLastPage />
      ) : q ? (
        <NoEventsMatch q={q} />
      ) : (
        <EmptyState title={empty.title} className="mt-8" action={empty.action}>
          {empty.text}
        </EmptyState>
      )}
      <PageLinks page={page} hasMore={list.hasMore} />
    </>
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
