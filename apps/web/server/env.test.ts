import { describe, expect, it } from 'vitest';
import { makeAppleTestCertificates, makeGoogleTestKey } from '@parkside/wallet/testing';
import { readEnv } from './env';
import { walletOf } from './wallet';

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
      origin: 'https://parkside.example',
    });
    expect(() =>
      walletOf(
        readEnv({ GOOGLE_WALLET_ISSUER_ID: '338800', GOOGLE_WALLET_SERVICE_ACCOUNT: '{"a":1}' }),
        'https://parkside.example',
      ),
    ).toThrow(/service account JSON key/);
  });
});
