import { publicMessageOf } from '@parkside/api/errors';
import { redirect } from '@remix-run/node';

/** A message shown once after a redirect ("flash"), carried in a short-lived cookie. */
export interface Toast {
  type: 'success' | 'error' | 'warning' | 'info';
  title: string;
  description?: string;
}

const TOAST_COOKIE = 'parkside_toast';
const PENDING_TOAST = /(?:^|;\s*)parkside_toast=([^;]+)/;

/** Whether a Cookie header carries a pending toast (the server's page cache passes over it). */
export function hasPendingToast(cookieHeader: string | undefined | null): boolean {
  return PENDING_TOAST.test(cookieHeader ?? '');
}
const TYPES = new Set(['success', 'error', 'warning', 'info']);

export function toastCookie(toast: Toast): string {
  const value = Buffer.from(JSON.stringify(toast)).toString('base64url');
  return `${TOAST_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60`;
}

const clearCookie = `${TOAST_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;

/** The pending toast of this request and the Set-Cookie that consumes it. */
export function readToast(request: Request): { toast: Toast | null; setCookie: string | null } {
  const match = PENDING_TOAST.exec(request.headers.get('cookie') ?? '');
  if (!match?.[1]) return { toast: null, setCookie: null };
  try {
    const parsed = JSON.parse(
      Buffer.from(match[1], 'base64url').toString('utf8'),
    ) as Partial<Toast>;
    if (typeof parsed.title === 'string' && TYPES.has(String(parsed.type ?? 'success'))) {
      return {
        toast: {
          type: parsed.type ?? 'success',
          title: parsed.title.slice(0, 200),
          ...(typeof parsed.description === 'string'
            ? { description: parsed.description.slice(0, 500) }
            : {}),
        },
        setCookie: clearCookie,
      };
    }
  } catch {
    // A mangled cookie is dropped below.
  }
  return { toast: null, setCookie: clearCookie };
}

/** Redirects and shows `toast` on the next page. Extra Set-Cookie values ride along. */
export function redirectWithToast(url: string, toast: Toast, cookies: (string | null)[] = []) {
  const headers = new Headers();
  for (const cookie of [...cookies, toastCookie(toast)])
    if (cookie) headers.append('Set-Cookie', cookie);
  return redirect(url, { headers });
}

/** What a change through the API answers with: its toast, and where to go when not back. */
export type Outcome = Toast & { to?: string };

/**
 * An action's answer after a change through the API: to the page the change names (else `back`)
 * with the toast it returns; when the API refused, back with the API's public message.
 */
export async function redirectAfter(back: string, change: () => Promise<Outcome>) {
  let outcome: Outcome;
  try {
    outcome = await change();
  } catch (error) {
    return redirectWithToast(back, { type: 'error', title: publicMessageOf(error) });
  }
  const { to = back, ...toast } = outcome;
  return redirectWithToast(to, toast);
}
