import { EVENT_SEARCH_MAX_LENGTH } from '@parkside/validators';
import { Form, Link, useLocation } from '@remix-run/react';
import { inputClass } from '~/components/forms/field';
import type { ReactNode } from 'react';
import { buttonClasses } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { PastTheLastPage } from '~/components/ui/page-links';
import { FormRow } from '~/components/ui/form-row';

/** Narrows /registered-events or /archived-events by title, venue or city (a plain GET form). */
export function ManagedEventsSearch({ q }: { q: string }) {
  const { pathname } = useLocation();
  return (
    <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
      <FormRow
        htmlFor="managed-events-q"
        label="Search by title, venue or city"
        className="w-full min-w-0 sm:w-auto sm:flex-1"
      >
        <input
          id="managed-events-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={EVENT_SEARCH_MAX_LENGTH}
          className={inputClass}
        />
      </FormRow>
      <button type="submit" className={buttonClasses({ variant: 'secondary' })}>
        Search
      </button>
      {q ? (
        <Link to={pathname} className={buttonClasses({ variant: 'ghost' })}>
          Clear
        </Link>
      ) : null}
    </Form>
  );
}

/**
 * An empty page of a managed-events list: past the last page, nothing matching the search, or
 * (`children`) no events at all.
 */
export function NoManagedEvents({
  page,
  q,
  children,
}: {
  page: number;
  q: string;
  children: ReactNode;
}) {
  if (page > 1) return <PastTheLastPage />;
  if (q) return <NoEventsMatch q={q} />;
  return children;
}

/** The list is empty because of the search, not because there are no events. */
function NoEventsMatch({ q }: { q: string }) {
  const { pathname } = useLocation();
  return (
    <EmptyState
      title={<>No events match “{q}”.</>}
      className="mt-8"
      action={
        <Link to={pathname} className={buttonClasses({ variant: 'secondary' })}>
          Show every event
        </Link>
      }
    >
      Try part of the title, the venue or the city.
    </EmptyState>
  );
}
