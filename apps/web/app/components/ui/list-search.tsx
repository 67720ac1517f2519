import { ADMIN_SEARCH_MAX_LENGTH } from '@parkside/validators';
import { Form, useLocation, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { buttonClasses } from '~/components/ui/button';
import { ButtonLink } from '~/components/ui/button-link';
import { InputRow } from '~/components/forms/plain-rows';

/**
 * A plain GET search over a list (`q`); `children` are further filters of the same form, and
 * "Clear" shows while any of them is set (`filtered`).
 */
export function ListSearch({
  id,
  label,
  q,
  maxLength = ADMIN_SEARCH_MAX_LENGTH,
  children,
  filtered,
}: {
  id: string;
  label: string;
  q: string;
  /** The longest search the server takes: the admin lists' limit unless told. */
  maxLength?: number;
  children?: ReactNode;
  /** Whether any filter is set, so "Clear" shows. */
  filtered: boolean;
}) {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const searching = navigation.state === 'loading' && navigation.location.pathname === pathname;
  return (
    <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
      <InputRow
        id={id}
        label={label}
        rowClassName="w-full min-w-0 sm:w-auto sm:flex-1"
        name="q"
        type="search"
        defaultValue={q}
        maxLength={maxLength}
      />
      {children}
      <SubmitAndClear
        label={searching ? 'Searching…' : 'Search'}
        clearTo={filtered ? pathname : null}
      />
    </Form>
  );
}

/** A filter form's submit button, and "Clear" back to `clearTo` while something is filtered. */
export function SubmitAndClear({ label, clearTo }: { label: string; clearTo: string | null }) {
  return (
    <>
      <button type="submit" className={buttonClasses({ variant: 'secondary' })}>
        {label}
      </button>
      {clearTo ? (
        <ButtonLink to={clearTo} variant="ghost">
          Clear
        </ButtonLink>
      ) : null}
    </>
  );
}
