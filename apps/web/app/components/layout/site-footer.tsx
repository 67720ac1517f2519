import { Link } from '@remix-run/react';

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>© {new Date().getFullYear()} Parkside. Park close to the event, not across town.</p>
        <nav aria-label="Footer" className="flex gap-4">
          <Link to="/events" className="hover:text-ink hover:underline">
            Upcoming events
          </Link>
        </nav>
      </div>
    </footer>
  );
}
