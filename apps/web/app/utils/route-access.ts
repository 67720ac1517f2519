/**
 * Who may open each route of the customer's table. Server loaders enforce it; the frame uses it
 * to show "Verifying your session..." while a guarded page is loading.
 *
 * - public: anyone
 * - signed-in: a signed-in user (visitors go to /login with a return path)
 * - verified: a signed-in user with a verified e-mail
 * - admin: the customer's guard checks sign-in only; the server also refuses non-admins (403)
 */
export type Access = 'public' | 'signed-in' | 'verified' | 'admin';

export const ROUTE_ACCESS: Record<string, Access> = {
  '/': 'public',
  '/list': 'verified',
  '/events': 'public',
  '/rent': 'public',
  '/booking-confirmation': 'verified',
  '/login': 'public',
  '/register': 'public',
  '/my-listings': 'verified',
  '/my-bookings': 'verified',
  '/messages': 'verified',
  '/account-settings': 'signed-in',
  '/admin': 'admin',
  '/admin/feedback': 'admin',
  '/admin/conversations': 'admin',
  '/storage-metrics': 'admin',
  '/register-driveway': 'verified',
  '/register-event': 'verified',
  '/registered-events': 'verified',
  '/archived-events': 'verified',
  '/booking-success': 'verified',
  '/about': 'public',
  '/privacy': 'public',
  '/contact': 'public',
  '/terms': 'public',
  '/portland-WLF': 'public',
  '/Stadium-of-Fire': 'public',
  '/listing-success': 'public',
  // Beyond the customer's table.
  '/driveway-photos': 'verified',
  '/admin/api-tokens': 'admin',
  '/admin/webhooks': 'admin',
  '/admin/users': 'admin',
  '/admin/events': 'admin',
  '/admin/audit': 'admin',
  '/arrivals': 'verified',
  '/parking-reports': 'verified',
  '/admin/issues': 'admin',
  '/offline': 'public',
};

export function accessOf(pathname: string): Access {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // A record's own admin page, such as /admin/users/ID, is the admins' like its list.
  if (ROUTE_ACCESS[path]) return ROUTE_ACCESS[path];
  if (path.startsWith('/admin/')) return 'admin';
  // A booking's pass and calendar file: its driver's only.
  if (path.startsWith('/bookings/')) return 'verified';
  return 'public';
}

/** The customer's rule: the Host link is highlighted on these paths. */
export function isHostPath(pathname: string): boolean {
  // The admin area is the admins' own, with its own tabs: "/admin/listings" reviews listings, it is
  // not a host page, though its path contains "list".
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return false;
  return ['list', 'my-listings', 'register-driveway'].some((part) => pathname.includes(part));
}

/** Why a guard refused with 403; the error boundaries read it to show the right screen. */
export const GUARD_REASONS = {
  verify: 'email-verification-required',
  admin: 'admin-only',
} as const;
