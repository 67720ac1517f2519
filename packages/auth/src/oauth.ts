/**
 * Social and OpenID sign-in with Arctic: Google, GitHub, and any OpenID Connect provider given by
 * its issuer (in development and tests, a local provider on loopback). Each provider is enabled
 * only when its client id and secret are configured. State and PKCE are checked by the caller
 * against the values it stored in short-lived cookies.
 */
import {
  CodeChallengeMethod,
  decodeIdToken,
  generateCodeVerifier,
  generateState,
  GitHub,
  Google,
  OAuth2Client,
  type OAuth2Tokens,
} from 'arctic';

export type OAuthProviderId = 'google' | 'github' | 'oidc';

export interface ProviderProfile {
  providerUserId: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture: string | null;
}

export interface OAuthProvider {
  id: OAuthProviderId;
  /** The button text: "Continue with {label}". */
  label: string;
  createAuthorizationUrl(state: string, codeVerifier: string): Promise<URL>;
  fetchProfile(code: string, codeVerifier: string): Promise<ProviderProfile>;
}

export interface OAuthConfig {
  /** The site's own origin, e.g. https://parkside.example: callbacks are /auth/{id}/callback. */
  publicUrl: string;
  google?: { clientId?: string; clientSecret?: string };
  github?: { clientId?: string; clientSecret?: string };
  oidc?: { issuer?: string; clientId?: string; clientSecret?: string; label?: string };
}

const callbackUrl = (publicUrl: string, id: OAuthProviderId) =>
  new URL(`/auth/${id}/callback`, publicUrl).toString();

async function getJson<T>(url: string, accessToken: string): Promise<T> {
  const response = await fetch(url, {
    headers: {
      Authorization: `Bearer ${accessToken}`,
      Accept: 'application/json',
      'User-Agent': 'Parkside',
    },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

function requireEmail(email: unknown): string {
  if (typeof email !== 'string' || !email.includes('@')) {
    throw new Error('The provider did not share an e-mail address.');
  }
  return email.toLowerCase();
}

function googleProvider(config: OAuthConfig): OAuthProvider | null {
  const { clientId, clientSecret } = config.google ?? {};
  if (!clientId || !clientSecret) return null;
  const google = new Google(clientId, clientSecret, callbackUrl(config.publicUrl, 'google'));
  return {
    id: 'google',
    label: 'Google',
    createAuthorizationUrl: async (state, verifier) =>
      google.createAuthorizationURL(state, verifier, ['openid', 'email', 'profile']),
    async fetchProfile(code, verifier) {
      const tokens = await google.validateAuthorizationCode(code, verifier);
      const claims = decodeIdToken(tokens.idToken()) as Record<string, unknown>;
      return {
        providerUserId: String(claims.sub),
        email: requireEmail(claims.email),
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : String(claims.email),
        picture: typeof claims.picture === 'string' ? claims.picture : null,
      };
    },
  };
}

function githubProvider(config: OAuthConfig): OAuthProvider | null {
  const { clientId, clientSecret } = config.github ?? {};
  if (!clientId || !clientSecret) return null;
  const github = new GitHub(clientId, clientSecret, callbackUrl(config.publicUrl, 'github'));
  return {
    id: 'github',
    label: 'GitHub',
    createAuthorizationUrl: async (state) => github.createAuthorizationURL(state, ['user:email']),
    async fetchProfile(code) {
      const tokens: OAuth2Tokens = await github.validateAuthorizationCode(code);
      const token = tokens.accessToken();
      const user = await getJson<{
        id: number;
        login: string;
        name: string | null;
        avatar_url: string | null;
      }>('https://api.github.com/user', token);
      const emails = await getJson<{ email: string; primary: boolean; verified: boolean }[]>(
        'https://api.github.com/user/emails',
        token,
      );
      const primary = emails.find((e) => e.primary) ?? emails[0];
      return {
        providerUserId: String(user.id),
        email: requireEmail(primary?.email),
        emailVerified: primary?.verified === true,
        name: user.name ?? user.login,
        picture: user.avatar_url,
      };
    },
  };
}

interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
}

function oidcProvider(config: OAuthConfig): OAuthProvider | null {
  const { issuer, clientId, clientSecret, label } = config.oidc ?? {};
  if (!issuer || !clientId || !clientSecret) return null;
  const client = new OAuth2Client(clientId, clientSecret, callbackUrl(config.publicUrl, 'oidc'));
  let discovery: Promise<Discovery> | null = null;
  const discover = () =>
    (discovery ??= fetch(
      new URL('.well-known/openid-configuration', `${issuer.replace(/\/$/, '')}/`),
      {
        signal: AbortSignal.timeout(10_000),
      },
    )
      .then((response) => {
        if (!response.ok) throw new Error(`OpenID discovery answered ${response.status}`);
        return response.json() as Promise<Discovery>;
      })
      .catch((error: unknown) => {
        discovery = null;
        throw error;
      }));
  return {
    id: 'oidc',
    label: label || 'single sign-on',
    async createAuthorizationUrl(state, verifier) {
      const { authorization_endpoint } = await discover();
      return client.createAuthorizationURLWithPKCE(
        authorization_endpoint,
        state,
        CodeChallengeMethod.S256,
        verifier,
        ['openid', 'email', 'profile'],
      );
    },
    async fetchProfile(code, verifier) {
      const { token_endpoint, userinfo_endpoint } = await discover();
      const tokens = await client.validateAuthorizationCode(token_endpoint, code, verifier);
      const info = await getJson<Record<string, unknown>>(userinfo_endpoint, tokens.accessToken());
      return {
        providerUserId: String(info.sub),
        email: requireEmail(info.email),
        emailVerified: info.email_verified === true,
        name: typeof info.name === 'string' && info.name ? info.name : String(info.email),
        picture: typeof info.picture === 'string' ? info.picture : null,
      };
    },
  };
}

/** The providers whose credentials are configured, in button order. */
export function createOAuthProviders(config: OAuthConfig): Map<OAuthProviderId, OAuthProvider> {
  const providers = [googleProvider(config), githubProvider(config), oidcProvider(config)];
  return new Map(providers.filter((p) => p !== null).map((p) => [p.id, p]));
}

/**
 * A fresh state and PKCE verifier and the provider's sign-in URL for them. The caller keeps
 * state and verifier (a short-lived cookie) to check the callback against.
 */
export async function startAuthorization(
  provider: OAuthProvider,
): Promise<{ url: URL; state: string; codeVerifier: string }> {
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  return { url: await provider.createAuthorizationUrl(state, codeVerifier), state, codeVerifier };
}
