import type { OAuthProviderId } from '@parkside/auth';

/** What we remember between sending the browser to a provider and its return (10 minutes). */
export interface OAuthFlow {
  provider: OAuthProviderId;
  state: string;
  codeVerifier: string;
  redirectTo: string;
  /** "link": add this login to the signed-in account; "login": sign in or sign up. */
  intent: 'login' | 'link';
}

const COOKIE = 'parkside_oauth';

export function oauthFlowCookie(flow: OAuthFlow, secure: boolean): string {
  const value = Buffer.from(JSON.stringify(flow)).toString('base64url');
  return `${COOKIE}=${value}; Path=/auth; HttpOnly; SameSite=Lax; Max-Age=600${secure ? '; Secure' : ''}`;
}

export function clearOAuthFlowCookie(secure: boolean): string {
  return `${COOKIE}=; Path=/auth; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
}

export function readOAuthFlow(request: Request): OAuthFlow | null {
  const match = /(?:^|;\s*)parkside_oauth=([^;]+)/.exec(request.headers.get('cookie') ?? '');
  if (!match?.[1]) return null;
  try {
    const flow = JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8')) as OAuthFlow;
    return typeof flow.state === 'string' && typeof flow.codeVerifier === 'string' ? flow : null;
  } catch {
    return null;
  }
}
