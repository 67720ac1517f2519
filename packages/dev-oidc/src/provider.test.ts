import {
  CodeChallengeMethod,
  OAuth2Client,
  OAuth2RequestError,
  generateCodeVerifier,
  generateState,
} from 'arctic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startDevOidcProvider, type DevOidcAccount, type DevOidcProvider } from './provider';

const redirectUri = 'http://127.0.0.1:5173/auth/callback/dev';
const sam: DevOidcAccount = {
  sub: 'dev-sam',
  email: 'sam@example.com',
  email_verified: true,
  name: 'Sam Driver',
  picture: 'https://example.com/avatars/sam.png',
};
const robin: DevOidcAccount = {
  sub: 'dev-robin',
  email: 'robin@example.com',
  email_verified: false,
  name: 'Robin <Host> & "Co"',
};

let provider: DevOidcProvider;

beforeAll(async () => {
  provider = await startDevOidcProvider({ redirectUris: [redirectUri], accounts: [sam, robin] });
});

afterAll(async () => {
  await provider?.close();
});

function authorizationRequest(): {
  client: OAuth2Client;
  url: URL;
  state: string;
  verifier: string;
} {
  const client = new OAuth2Client(provider.clientId, provider.clientSecret, redirectUri);
  const state = generateState();
  const verifier = generateCodeVerifier();
  const url = client.createAuthorizationURLWithPKCE(
    provider.authorizationEndpoint,
    state,
    CodeChallengeMethod.S256,
    verifier,
    ['openid', 'email', 'profile'],
  );
  return { client, url, state, verifier };
}

function codeFrom(callback: string, state: string): string {
  expect(callback.startsWith(`${redirectUri}?`)).toBe(true);
  const params = new URL(callback).searchParams;
  expect(params.get('error')).toBeNull();
  expect(params.get('state')).toBe(state);
  const code = params.get('code');
  expect(code).toEqual(expect.any(String));
  return code ?? '';
}

async function userinfo(accessToken: string): Promise<Record<string, unknown>> {
  const response = await fetch(provider.userinfoEndpoint, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

function jwtPayload(jwt: string): Record<string, unknown> {
  const payload = jwt.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('dev OIDC provider', () => {
  it('publishes its endpoints through discovery on loopback', () => {
    expect(provider.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(provider.clientId).toBe('parkside-dev');
    expect(provider.clientSecret).toBe('parkside-dev-secret');
    expect(provider.authorizationEndpoint).toBe(`${provider.issuer}/auth`);
    expect(provider.tokenEndpoint).toBe(`${provider.issuer}/token`);
    expect(provider.userinfoEndpoint).toBe(`${provider.issuer}/me`);
  });

  it('runs the full Arctic flow: PKCE S256, code exchange, userinfo', async () => {
    const { client, url, state, verifier } = authorizationRequest();

    const callback = await provider.signInAs(url.toString(), 'sam@example.com');
    const code = codeFrom(callback, state);
    expect(new URL(callback).searchParams.get('iss')).toBe(provider.issuer);

    const tokens = await client.validateAuthorizationCode(provider.tokenEndpoint, code, verifier);
    expect(tokens.tokenType().toLowerCase()).toBe('bearer');
    const idToken = jwtPayload(tokens.idToken());
    expect(idToken).toMatchObject({ iss: provider.issuer, aud: 'parkside-dev', sub: 'dev-sam' });

    expect(await userinfo(tokens.accessToken())).toEqual({
      sub: 'dev-sam',
      email: 'sam@example.com',
      email_verified: true,
      name: 'Sam Driver',
      picture: 'https://example.com/avatars/sam.png',
    });
  });

  it('rejects the code exchange with a wrong code verifier', async () => {
    const { client, url, state } = authorizationRequest();
    const code = codeFrom(await provider.signInAs(url.toString(), 'sam@example.com'), state);

    const exchange = client.validateAuthorizationCode(
      provider.tokenEndpoint,
      code,
      generateCodeVerifier(),
    );
    await expect(exchange).rejects.toBeInstanceOf(OAuth2RequestError);
    await expect(exchange).rejects.toMatchObject({ code: 'invalid_grant' });
  });

  it('requires PKCE', async () => {
    const client = new OAuth2Client(provider.clientId, provider.clientSecret, redirectUri);
    const state = generateState();
    const url = client.createAuthorizationURL(provider.authorizationEndpoint, state, [
      'openid',
      'email',
    ]);

    const callback = new URL(await provider.signInAs(url.toString(), 'sam@example.com'));
    expect(callback.searchParams.get('error')).toBe('invalid_request');
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it('serves changed account data after upsertAccount on the next login', async () => {
    provider.upsertAccount({ ...sam, email_verified: false, name: 'Sam Renamed' });
    try {
      const { client, url, state, verifier } = authorizationRequest();
      const code = codeFrom(await provider.signInAs(url.toString(), 'SAM@example.com'), state);
      const tokens = await client.validateAuthorizationCode(provider.tokenEndpoint, code, verifier);

      expect(await userinfo(tokens.accessToken())).toMatchObject({
        sub: 'dev-sam',
        email_verified: false,
        name: 'Sam Renamed',
      });
    } finally {
      provider.upsertAccount(sam);
    }
  });

  it('signs in a newly added account', async () => {
    provider.upsertAccount({
      sub: 'dev-casey',
      email: 'casey@example.com',
      email_verified: true,
      name: 'Casey',
    });
    const { client, url, state, verifier } = authorizationRequest();
    const code = codeFrom(await provider.signInAs(url.toString(), 'casey@example.com'), state);
    const tokens = await client.validateAuthorizationCode(provider.tokenEndpoint, code, verifier);

    expect(await userinfo(tokens.accessToken())).toEqual({
      sub: 'dev-casey',
      email: 'casey@example.com',
      email_verified: true,
      name: 'Casey',
    });
  });

  it('rejects signInAs with a clear error for an unknown e-mail', async () => {
    const { url } = authorizationRequest();

    await expect(provider.signInAs(url.toString(), 'nobody@example.com')).rejects.toThrow(
      /refused to sign in as "nobody@example\.com".*No test account uses the e-mail/,
    );
  });

  it('renders an accessible, escaped sign-in page and keeps the user on it for unknown e-mails', async () => {
    const { url } = authorizationRequest();
    const authorization = await fetch(url, { redirect: 'manual' });
    expect(authorization.status).toBe(303);
    const location = new URL(authorization.headers.get('location') ?? '', provider.issuer);
    expect(location.pathname).toMatch(/^\/interaction\/[\w-]+$/);
    const cookie = authorization.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');

    const page = await fetch(location, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<title>Parkside test sign-in</title>');
    expect(html).toContain('<h1>Sign in to the local test provider</h1>');
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toMatch(/<input id="email" name="email"/);
    expect(html).toContain('<button type="submit">Continue</button>');
    expect(html).toContain('<code>sam@example.com</code>');
    expect(html).toContain('Robin &lt;Host&gt; &amp; &quot;Co&quot;');
    expect(html).not.toContain('<Host>');

    const rejected = await fetch(new URL(`${location.pathname}/login`, provider.issuer), {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: '<b>nobody</b>@example.com' }).toString(),
      redirect: 'manual',
    });
    expect(rejected.status).toBe(400);
    const again = await rejected.text();
    expect(again).toContain('role="alert"');
    expect(again).toContain('&lt;b&gt;nobody&lt;/b&gt;@example.com');
    expect(again).not.toContain('<b>nobody</b>');
    expect(again).toContain('<h1>Sign in to the local test provider</h1>');
  });

  it('sends the user back with access_denied when they cancel', async () => {
    const { url, state } = authorizationRequest();
    const authorization = await fetch(url, { redirect: 'manual' });
    const location = new URL(authorization.headers.get('location') ?? '', provider.issuer);
    const cookie = authorization.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');

    const abort = await fetch(new URL(`${location.pathname}/abort`, provider.issuer), {
      method: 'POST',
      headers: { cookie },
      redirect: 'manual',
    });
    expect(abort.status).toBe(303);
    const resumeCookie = abort.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    const resume = await fetch(new URL(abort.headers.get('location') ?? '', provider.issuer), {
      headers: { cookie: `${cookie}; ${resumeCookie}` },
      redirect: 'manual',
    });
    const callback = new URL(resume.headers.get('location') ?? '');
    expect(callback.href.startsWith(redirectUri)).toBe(true);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(state);
  });

  it('close() shuts the server down even with keep-alive connections open', async () => {
    const other = await startDevOidcProvider({ redirectUris: [redirectUri] });
    const discovery = await fetch(`${other.issuer}/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    await discovery.json();

    await other.close();
    await expect(fetch(`${other.issuer}/.well-known/openid-configuration`)).rejects.toThrow();
  });
});
