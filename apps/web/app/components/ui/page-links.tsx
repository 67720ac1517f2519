import { Link, useLocation } from '@remix-run/react';
import { buttonClasses } from './button';
import { EmptyState } from '~/components/ui/empty-state';

/**
 * "Previous page" and "Next page" under a list shown a page at a time (`?page=N`, from 1),
 * keeping the address's other parameters. Nothing when everything fits on one page.
 */
export function PageLinks({ page, hasMore }: { page: number; hasMore: boolean }) {
  const { pathname, search } = useLocation();
  if (page <= 1 && !hasMore) return null;
  const pageHref = (n: number) => {
    const params = new URLSearchParams(search);
    if (n <= 1) params.delete('page');
    else params.set('page', String(n));
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  return (
    <nav aria-label="Pages" className="mt-8 flex flex-wrap items-center justify-center gap-3">
      {page > 1 ? (
        <Link to={pageHref(page - 1)} className={buttonClasses({ variant: 'secondary' })}>
          <span aria-hidden="true">←</span> Previous page
        </Link>
      ) : null}
      <p className="text-sm text-slate-600" aria-current="page">
        Page {page}
      </p>
      {hasMore ? (
        <Link to={pageHref(page + 1)} className={buttonClasses({ variant: 'secondary' })}>
          Next page <span aria-hidden="true">→</span>
        </Link>
      ) : null}
    </nav>
  );
}

/** A page number past the end of a list (the list shrank, or the address was typed). */
export function PastTheLastPage() {
  const { pathname } = useLocation();
  return (
    <EmptyState
      title="There is nothing on this page."
      className="mt-8"
      action={
        <Link to={pathname} className={buttonClasses({ variant: 'secondary' })}>
          Go to the first page
        </Link>
      }
    >
      The list is shorter than that now.
    </EmptyState>
  );
}
