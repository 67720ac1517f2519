import type { SessionUser } from '@parkside/core';
import { safeRedirectPath } from '@parkside/validators';
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
} from '@remix-run/node';
import { GUARD_REASONS } from '~/utils/route-access';

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

/**
 * The verified-e-mail guard: a visitor goes to /login (keeping the return path); a signed-in
 * user whose e-mail is not verified gets a 403 that shows "Email Verification Required".
 */
export function requireVerifiedUser(
  context: AppLoadContext,
  request: Request,
  /** What the person was doing, for the guard's heading: "book Oak Lane for BYU vs. Utah". */
  doing?: string,
): SessionUser {
  const user = requireUser(context, request);
  if (!user.emailVerified) throw data(verificationRefusal(context, user, doing), { status: 403 });
  return user;
}

/** What the verification guard's screen needs: who, what was interrupted, whether mail leaves. */
export interface VerificationRefusal {
  reason: typeof GUARD_REASONS.verify;
  email: string;
  doing: string | null;
  /** False when the site has no mail server: no e-mail can reach the person. */
  mailWorks: boolean;
}

function verificationRefusal(
  context: AppLoadContext,
  user: SessionUser,
  doing?: string,
): VerificationRefusal {
  return {
    reason: GUARD_REASONS.verify,
    email: user.email,
    doing: doing ?? null,
    mailWorks: context.mailWorks,
  };
}

/**
 * Admin pages: the customer's guard checks sign-in only; the server also refuses anyone whose
 * e-mail is not in `admins` (403), so the hidden menu link is not the only protection.
 */
export function requireAdmin(context: AppLoadContext, request: Request): SessionUser {
  const user = requireUser(context, request);
  if (!user.isAdmin) throw data({ reason: GUARD_REASONS.admin }, { status: 403 });
  return user;
}

type Api = AppLoadContext['api'];

/** An admin page's loader: everyone else is refused (as requireAdmin); `read` asks the API. */
export function adminLoader<T>(read: (api: Api) => Promise<T>) {
  return ({ request, context }: LoaderFunctionArgs) => {
    requireAdmin(context, request);
    return read(context.api);
  };
}

/** An admin page's action: everyone else is refused; `act` gets the posted form. */
export function adminAction<T>(act: (api: Api, form: FormData) => Promise<T>) {
  return async ({ request, context }: ActionFunctionArgs) => {
    requireAdmin(context, request);
    return act(context.api, await request.formData());
  };
}
