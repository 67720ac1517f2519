import type { SessionUser } from '@parkside/api';
import { safeRedirectPath } from '@parkside/validators';
import { redirect, type AppLoadContext } from '@remix-run/node';

/** The path and query of this request, to come back to after signing in. */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

export function loginPath(returnTo: string): string {
  const safe = safeRedirectPath(returnTo);
  return safe === '/' ? '/login' : `/login?${new URLSearchParams({ redirectTo: safe })}`;
}

/**
 * The signed-in user, or a redirect to /login that keeps the current path and query as the
 * return path (the customer's sign-in guard).
 */
export function requireUser(context: AppLoadContext, request: Request): SessionUser {
  if (!context.session) throw redirect(loginPath(currentPath(request)));
  return context.session.user;
}

/** Sends a signed-in visitor of /login or /register on to where they were going. */
export function redirectIfSignedIn(context: AppLoadContext, request: Request) {
  if (context.session) {
    throw redirect(safeRedirectPath(new URL(request.url).searchParams.get('redirectTo')));
  }
}

/** Set-Cookie headers for a response. */
export function cookieHeaders(...cookies: (string | null | undefined)[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) if (cookie) headers.append('Set-Cookie', cookie);
  return headers;
}
