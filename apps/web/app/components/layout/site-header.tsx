import type { Account } from '@parkside/api';
import { Form, Link, NavLink, useLocation } from '@remix-run/react';

function navClass({ isActive }: { isActive: boolean }) {
  return `rounded-md px-3 py-2 text-sm font-semibold transition-colors ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-ink'
  }`;
}

export function SiteHeader({ user }: { user: Account | null }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const loginHref =
    location.pathname === '/' || location.pathname === '/login'
      ? '/login'
      : `/login?${new URLSearchParams({ redirectTo: here })}`;
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
          {user ? (
            <>
              <NavLink to="/account-settings" className={navClass}>
                <span className="sr-only">Account Settings for </span>
                <span className="inline-block max-w-32 truncate align-bottom">{user.name}</span>
              </NavLink>
              <Form method="post" action="/logout">
                <button
                  type="submit"
                  className="hover:text-ink rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
                >
                  Sign Out
                </button>
              </Form>
            </>
          ) : (
            <Link
              to={loginHref}
              className="bg-brand-700 hover:bg-brand-800 ml-1 rounded-lg px-4 py-2 text-sm font-semibold text-white"
            >
              Sign In
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}
