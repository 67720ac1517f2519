import { generateCodeVerifier, generateState } from 'arctic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevOidcProvider, type DevOidcProvider } from '@parkside/dev-oidc';
import { createOAuthProviders } from './oauth';

const publicUrl = 'http://127.0.0.1:4999';
let idp: DevOidcProvider;

beforeAll(async () => {
  idp = await startDevOidcProvider({
    redirectUris: [`${publicUrl}/auth/oidc/callback`],
    accounts: [
      {
        sub: 'u-1',
        email: 'Pat@Example.com',
        email_verified: true,
        name: 'Pat Lee',
        picture: 'https://img.example/p.png',
      },
    ],
  });
});
afterAll(async () => {
  await idp?.close();
});

describe('createOAuthProviders', () => {
  it('enables only the providers whose id and secret are configured', () => {
    expect([...createOAuthProviders({ publicUrl }).keys()]).toEqual([]);
    const all = createOAuthProviders({
      publicUrl,
      google: { clientId: 'g', clientSecret: 's' },
      github: { clientId: 'h', clientSecret: '' },
      oidc: {
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        label: 'Parkside test login',
      },
    });
    expect([...all.keys()]).toEqual(['google', 'oidc']);
    expect(all.get('oidc')?.label).toBe('Parkside test login');
  });

  it('runs the OpenID flow with state and PKCE against a real provider', async () => {
    const oidc = createOAuthProviders({
      publicUrl,
      oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
    }).get('oidc')!;
    const state = generateState();
    const verifier = generateCodeVerifier();
    const url = await oidc.createAuthorizationUrl(state, verifier);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(`${publicUrl}/auth/oidc/callback`);

    const callback = new URL(await idp.signInAs(url.toString(), 'pat@example.com'));
    expect(callback.searchParams.get('state')).toBe(state);
    const profile = await oidc.fetchProfile(callback.searchParams.get('code')!, verifier);
    expect(profile).toEqual({
      providerUserId: 'u-1',
      email: 'pat@example.com',
      emailVerified: true,
      name: 'Pat Lee',
      picture: 'https://img.example/p.png',
    });
  });

  it('refuses a code presented with the wrong verifier', async () => {
    const oidc = createOAuthProviders({
      publicUrl,
      oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
    }).get('oidc')!;
    const url = await oidc.createAuthorizationUrl(generateState(), generateCodeVerifier());
    const callback = new URL(await idp.signInAs(url.toString(), 'pat@example.com'));
    await expect(
      oidc.fetchProfile(callback.searchParams.get('code')!, generateCodeVerifier()),
    ).rejects.toThrow();
  });
});
