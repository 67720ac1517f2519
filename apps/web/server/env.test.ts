import { describe, expect, it } from 'vitest';
import { makeAppleTestCertificates, makeGoogleTestKey } from '@parkside/wallet/testing';
import { readEnv } from './env';
import { describeIntegrations, integrationsOf } from './integrations';
import { WALLET_NEEDS_PUBLIC_URL, walletOf } from './wallet';

const noIntegrations = {
  mailWorks: false,
  outbox: null,
  payments: { online: false },
  geocoder: null,
  oauth: new Map(),
  uploadThingToken: null,
} as unknown as Parameters<typeof integrationsOf>[1];

describe('readEnv', () => {
  it('defaults to a development server on port 3000 with the embedded database', () => {
    const env = readEnv({});
    expect(env).toMatchObject({ NODE_ENV: 'development', PORT: 3000 });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats an empty DATABASE_URL as unset and refuses a non-postgres one', () => {
    expect(readEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
    expect(readEnv({ SEED_ON_START: '', PORT: '' })).toMatchObject({ PORT: 3000 });
    expect(readEnv({ SEED_ON_START: 'true' }).SEED_ON_START).toBe(true);
    expect(() => readEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must be a postgres/);
    expect(() => readEnv({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('turns Wallet on only with every key it needs, and says which are missing', () => {
    expect(walletOf(readEnv({}), 'https://parkside.example')).toEqual({
      apple: null,
      google: null,
      offBecause: null,
    });
    expect(() => readEnv({ APPLE_WALLET_PASS_TYPE_ID: 'pass.x' })).toThrow(
      /APPLE_WALLET_PASS_TYPE_ID, APPLE_WALLET_TEAM_ID, APPLE_WALLET_CERT/,
    );
    expect(() => readEnv({ GOOGLE_WALLET_ISSUER_ID: '338800' })).toThrow(
      /GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT/,
    );
    const apple = makeAppleTestCertificates();
    const google = makeGoogleTestKey();
    const wallet = walletOf(
      readEnv({
        APPLE_WALLET_PASS_TYPE_ID: apple.passTypeIdentifier,
        APPLE_WALLET_TEAM_ID: apple.teamIdentifier,
        APPLE_WALLET_CERT: apple.signerCert,
        APPLE_WALLET_KEY: apple.signerKey,
        APPLE_WALLET_WWDR_CERT: apple.wwdr,
        GOOGLE_WALLET_ISSUER_ID: '338800',
        GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify({
          client_email: google.serviceAccountEmail,
          private_key: google.privateKey,
        }),
      }),
      'https://parkside.example/somewhere',
    );
    expect(wallet.apple).toMatchObject({ passTypeIdentifier: apple.passTypeIdentifier });
    expect(wallet.google).toMatchObject({
      issuerId: '338800',
      serviceAccountEmail: google.serviceAccountEmail,
      publicUrl: 'https://parkside.example/somewhere',
      // A key that names no token endpoint uses Google's; the Wallet API is Google's unless set.
      tokenUrl: 'https://oauth2.googleapis.com/token',
      apiUrl: 'https://walletobjects.googleapis.com',
    });
    expect(wallet.offBecause).toBeNull();
    expect(() =>
      walletOf(
        readEnv({ GOOGLE_WALLET_ISSUER_ID: '338800', GOOGLE_WALLET_SERVICE_ACCOUNT: '{"a":1}' }),
        'https://parkside.example',
      ),
    ).toThrow(/service account JSON key/);
  });

  it('offers no Wallet pass in production without PUBLIC_URL, and the start log says why', () => {
    const google = makeGoogleTestKey();
    const keys = {
      NODE_ENV: 'production',
      GOOGLE_WALLET_ISSUER_ID: '338800',
      GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify({
        client_email: google.serviceAccountEmail,
        private_key: google.privateKey,
        token_uri: 'https://oauth2.example.com/token',
      }),
    };
    const env = readEnv(keys);
    // The address a server without PUBLIC_URL gives itself.
    const off = walletOf(env, `http://localhost:${env.PORT}`);
    expect(off).toMatchObject({ apple: null, google: null });
    const lines = describeIntegrations(integrationsOf(env, { ...noIntegrations, wallet: off }));
    expect(lines).toContain(`  Wallet passes: off (${WALLET_NEEDS_PUBLIC_URL})`);
    // With its public address, the same keys work, with the key's own token endpoint.
    const on = walletOf(
      readEnv({ ...keys, PUBLIC_URL: 'https://parkside.example' }),
      'https://parkside.example',
    );
    expect(on.google).toMatchObject({ tokenUrl: 'https://oauth2.example.com/token' });
  });
});
