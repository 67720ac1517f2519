import { Link, NavLink } from '@remix-run/react';

function navClass({ isActive }: { isActive: boolean }) {
  return `rounded-md px-3 py-2 text-sm font-semibold transition-colors ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-ink'
  }`;
}

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to="/"
          className="text-ink flex items-center gap-2 text-lg font-extrabold tracking-tight"
        >
          <span
            aria-hidden="true"
            className="bg-brand-700 grid h-8 w-8 place-items-center rounded-lg text-base text-white"
          >
            P
          </span>
          Parkside
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1">
          <NavLink to="/" end className={navClass}>
            Park
          </NavLink>
          <NavLink to="/events" className={navClass}>
            Events
          </NavLink>
        </nav>
      </div>
    </header>
  );
}
