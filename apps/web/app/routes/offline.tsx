import { safeRedirectPath } from '@parkside/validators';
import type { MetaFunction } from '@remix-run/node';
import { useSearchParams } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { buttonClasses } from '~/components/ui/button';
import { formatSavedAt, readSavedIndex, type SavedIndex } from '~/offline/saved-pages';

export const meta: MetaFunction = () => [
  { title: 'No signal · Parkside' },
  { name: 'robots', content: 'noindex' },
];

/**
 * Where the service worker sends a page that needs the network when there is none (decision
 * 042): what this phone saved for game day, as plain links the worker answers from the phone.
 * The page itself is kept signed out, so it shows nobody's name; the list is read on the phone.
 */
export default function Offline() {
  const [params] = useSearchParams();
  const [saved, setSaved] = useState<SavedIndex | null | undefined>(undefined);
  useEffect(() => {
    readSavedIndex()
      .then(setSaved)
      .catch(() => setSaved(null));
  }, []);
  const pages = saved?.pages ?? [];
  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight">No signal right now</h1>
      <p className="mt-3 text-lg text-slate-700">
        This page needs the internet. What you saved on this phone still opens:
      </p>
      {saved === undefined ? (
        <p className="mt-6 text-slate-600">Looking for what is saved…</p>
      ) : pages.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-slate-300 px-5 py-6 text-slate-700">
          <p className="font-semibold text-slate-900">Nothing is saved on this phone yet.</p>
          <p className="mt-1">
            Open My bookings once with a signal: your upcoming passes are kept here for game day.
          </p>
        </div>
      ) : (
        <>
          <ul className="mt-6 flex flex-col gap-3" aria-label="Saved on this phone">
            {pages.map((page) => (
              <li key={page.path}>
                {/* A whole page load: the service worker answers it from the phone. */}
                <a
                  href={page.path}
                  className="block rounded-2xl bg-white px-5 py-4 shadow-sm ring-1 ring-slate-200 hover:ring-slate-400"
                >
                  <span className="block text-sm font-bold tracking-wide text-slate-600 uppercase">
                    {page.kind === 'pass' ? 'Parking pass' : 'For hosts'}
                  </span>
                  <span className="block text-lg font-bold text-slate-900">{page.title}</span>
                  <span className="block text-slate-700">{page.when}</span>
                </a>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-slate-600">
            Saved on this phone · updated {formatSavedAt(saved!.savedAt)}
          </p>
        </>
      )}
      <button
        type="button"
        onClick={() => window.location.assign(safeRedirectPath(params.get('from')))}
        className={buttonClasses({ variant: 'secondary', className: 'mt-8' })}
      >
        Try again
      </button>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
