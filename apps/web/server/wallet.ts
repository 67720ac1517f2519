import type { AppleWalletConfig, GoogleWalletConfig } from '@parkside/wallet';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { ServerEnv } from './env';

/** Wallet passes as configured (decision 042): either, both or neither. */
export interface WalletSettings {
  apple: AppleWalletConfig | null;
  google: GoogleWalletConfig | null;
}

/** PEM or JSON given inline, or the path of a file holding it. */
function textOrFile(value: string): string {
  const trimmed = value.trim();
  if (trimmed.startsWith('-----BEGIN') || trimmed.startsWith('{')) return value;
  return readFileSync(trimmed, 'utf8');
}

const serviceAccountKey = z.object({
  client_email: z.email(),
  private_key: z.string().includes('PRIVATE KEY'),
});

export function walletOf(env: ServerEnv, publicUrl: string): WalletSettings {
  const apple =
    env.APPLE_WALLET_PASS_TYPE_ID &&
    env.APPLE_WALLET_TEAM_ID &&
    env.APPLE_WALLET_CERT &&
    env.APPLE_WALLET_KEY &&
    env.APPLE_WALLET_WWDR_CERT
      ? {
          passTypeIdentifier: env.APPLE_WALLET_PASS_TYPE_ID,
          teamIdentifier: env.APPLE_WALLET_TEAM_ID,
          signerCert: textOrFile(env.APPLE_WALLET_CERT),
          signerKey: textOrFile(env.APPLE_WALLET_KEY),
          signerKeyPassphrase: env.APPLE_WALLET_KEY_PASSPHRASE,
          wwdr: textOrFile(env.APPLE_WALLET_WWDR_CERT),
        }
      : null;
  let google: GoogleWalletConfig | null = null;
  if (env.GOOGLE_WALLET_ISSUER_ID && env.GOOGLE_WALLET_SERVICE_ACCOUNT) {
    const key = serviceAccountKey.safeParse(
      JSON.parse(textOrFile(env.GOOGLE_WALLET_SERVICE_ACCOUNT)) as unknown,
    );
    if (!key.success) {
      throw new Error(
        'GOOGLE_WALLET_SERVICE_ACCOUNT must be a service account JSON key with client_email and private_key',
      );
    }
    google = {
      issuerId: env.GOOGLE_WALLET_ISSUER_ID,
      serviceAccountEmail: key.data.client_email,
      privateKey: key.data.private_key,
      origin: new URL(publicUrl).origin,
    };
  }
  return { apple, google };
}
