import { useLocation } from '@remix-run/react';
import { EmptyState } from '~/components/ui/empty-state';
import { ButtonLink } from '~/components/ui/button-link';

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
        <ButtonLink to={pageHref(page - 1)} variant="secondary">
          <span aria-hidden="true">←</span> Previous page
        </ButtonLink>
      ) : null}
      <p className="text-sm text-slate-600" aria-current="page">
        Page {page}
      </p>
      {hasMore ? (
        <ButtonLink to={pageHref(page + 1)} variant="secondary">
          Next page <span aria-hidden="true">→</span>
        </ButtonLink>
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
        <ButtonLink to={pathname} variant="secondary">
          Go to the first page
        </ButtonLink>
      }
    >
      The list is shorter than that now.
    </EmptyState>
  );
}
