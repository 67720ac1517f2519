import type { ReactNode } from 'react';
import { Form, useNavigation } from '@remix-run/react';
import { EVENT_SEARCH_MAX_LENGTH } from '@parkside/validators';
import { buttonClasses } from '~/components/ui/button';
import { ButtonLink } from '~/components/ui/button-link';
import { InputRow } from '~/components/forms/plain-rows';

export interface EventFilters {
  q: string;
  from: string;
  to: string;
  /** "Near me" coordinates as they are in the URL; empty when not sorting by distance. */
  lat: string;
  lng: string;
}

export function EventSearchForm({
  filters,
  error,
  notice,
}: {
  filters: EventFilters;
  error?: string | null;
  /** How the search was read, when it differs from what was typed. */
  notice?: string | null;
}) {
  const navigation = useNavigation();
  const searching = navigation.state !== 'idle' && navigation.location?.pathname === '/events';
  const filtered = Boolean(filters.q || filters.from || filters.to || filters.lat);

  return (
    <SearchEventsForm className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end">
      {filters.lat && filters.lng ? (
        <>
          {/* A new search keeps sorting by distance. */}
          <input type="hidden" name="lat" value={filters.lat} />
          <input type="hidden" name="lng" value={filters.lng} />
        </>
      ) : null}
      <InputRow
        id="event-q"
        label="Event, venue or city"
        name="q"
        type="search"
        defaultValue={filters.q}
        placeholder="e.g. Stadium of Fire, Providence Park, Provo"
        maxLength={EVENT_SEARCH_MAX_LENGTH}
        autoComplete="off"
        aria-describedby={error ? 'event-search-error' : undefined}
        aria-invalid={error ? true : undefined}
      />
      <div className="grid grid-cols-2 gap-3 sm:contents">
        <InputRow
          id="event-from"
          label="From"
          name="from"
          type="date"
          defaultValue={filters.from}
        />
        <InputRow id="event-to" label="To" name="to" type="date" defaultValue={filters.to} />
      </div>
      <div className="flex gap-2">
        <button
          type="submit"
          className={buttonClasses({ className: 'flex-1 sm:flex-none' })}
          disabled={searching}
        >
          {searching ? 'Searching…' : 'Search'}
        </button>
        {filtered ? (
          <ButtonLink to="/events" variant="secondary">
            Clear
          </ButtonLink>
        ) : null}
      </div>
      {notice ? (
        <p role="status" className="text-sm font-medium text-slate-700 sm:col-span-4">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p
          id="event-search-error"
          role="alert"
          className="text-sm font-medium text-red-700 sm:col-span-4"
        >
          {error}
        </p>
      ) : null}
    </SearchEventsForm>
  );
}

/** The GET form that searches /events: the home page's box and the /events filters. */
export function SearchEventsForm({
  className,
  children,
}: {
  className: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="get"
      action="/events"
      role="search"
      aria-label="Search events"
      className={className}
    >
      {children}
    </Form>
  );
}
