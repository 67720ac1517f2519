import type { FrameUser } from '~/.server/frame-user';
import { Link, NavLink, useLocation } from '@remix-run/react';
import { isHostPath } from '~/utils/route-access';
import { ProfileMenu } from './profile-menu';
import { OFFLINE_PAGE } from '~/offline/names';

const linkClass = (active: boolean) =>
  `rounded-md px-3 py-2 text-sm font-semibold transition-colors ${
    active ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-ink'
  }`;

/** Park, Host, and Sign In or the profile menu (the customer's navigation). */
export function SiteHeader({ user }: { user: FrameUser | null }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const loginHref =
    location.pathname === '/' || location.pathname === '/login'
      ? '/login'
      : `/login?${new URLSearchParams({ redirectTo: here })}`;
  const hostActive = isHostPath(location.pathname);
  // The offline page is kept signed out for whoever opens it: no account controls there.
  const offlinePage = location.pathname === OFFLINE_PAGE;
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link
          to="/"
          className="text-ink flex shrink-0 items-center gap-2 text-lg font-extrabold tracking-tight"
        >
          <span
            aria-hidden="true"
            className="bg-brand-700 grid h-8 w-8 place-items-center rounded-lg text-base text-white"
          >
            P
          </span>
          <span className="hidden min-[380px]:inline">Parkside</span>
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1">
          <NavLink to="/" end className={({ isActive }) => linkClass(isActive && !hostActive)}>
            Park
          </NavLink>
          <Link
            to="/list"
            className={linkClass(hostActive)}
            aria-current={hostActive ? 'page' : undefined}
          >
            Host
          </Link>
          {offlinePage ? null : user ? (
            <ProfileMenu user={user} />
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
