import { Link, useLocation } from '@remix-run/react';
import { buttonClasses } from './button';

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
    <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <p className="text-lg font-semibold">There is nothing on this page.</p>
      <p className="mt-1 text-slate-600">The list is shorter than that now.</p>
      <Link to={pathname} className={buttonClasses({ variant: 'secondary', className: 'mt-4' })}>
        Go to the first page
      </Link>
    </div>
  );
}
