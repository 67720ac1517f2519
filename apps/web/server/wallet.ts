import {
  GOOGLE_TOKEN_URL,
  GOOGLE_WALLET_API_URL,
  type AppleWalletConfig,
  type GoogleWalletConfig,
} from '@parkside/wallet';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { ServerEnv } from './env';

/** Wallet passes as configured (decisions 042, 066): either, both or neither. */
export interface WalletSettings {
  apple: AppleWalletConfig | null;
  google: GoogleWalletConfig | null;
  /** Why keys that are set are not used (said in the start log), or null. */
  offBecause: string | null;
}

/**
 * A pass links to the site and Google lets only the site's own origin show its button: a
 * production server that does not know its public address (PUBLIC_URL) offers no Wallet pass.
 */
export const WALLET_NEEDS_PUBLIC_URL =
  "Wallet keys are set but PUBLIC_URL is not: a pass would link to this server's own address, so no Wallet buttons; set PUBLIC_URL";

/** PEM or JSON given inline, or the path of a file holding it. */
function textOrFile(value: string): string {
  const trimmed = value.trim();
  if (trimmed.startsWith('-----BEGIN') || trimmed.startsWith('{')) return value;
  return readFileSync(trimmed, 'utf8');
}

const serviceAccountKey = z.object({
  client_email: z.email(),
  private_key: z.string().includes('PRIVATE KEY'),
  /** Where the key trades assertions for tokens; Google's keys name its token endpoint. */
  token_uri: z.url().default(GOOGLE_TOKEN_URL),
});

export function walletOf(env: ServerEnv, publicUrl: string): WalletSettings {
  const keysSet = Boolean(env.APPLE_WALLET_PASS_TYPE_ID || env.GOOGLE_WALLET_ISSUER_ID);
  if (keysSet && env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    return { apple: null, google: null, offBecause: WALLET_NEEDS_PUBLIC_URL };
  }
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
      tokenUrl: key.data.token_uri,
      apiUrl: env.GOOGLE_WALLET_API_URL ?? GOOGLE_WALLET_API_URL,
      publicUrl,
    };
  }
  return { apple, google, offBecause: null };
}
