/**
 * The Google Wallet API (`walletobjects` v1) as its REST reference documents it: the service
 * account's OAuth token by the JWT bearer flow (RFC 7523, the flow Google's own auth libraries
 * run for a service account key), then the generic class and each pass's generic object, made or
 * changed with insert, get and patch (decision 066).
 */
import { importPKCS8, SignJWT } from 'jose';
import { googlePassClass, googlePassObject } from './google';
import type { GoogleWalletConfig, WalletPassData } from './types';

/** The scope the Wallet API asks of an issuer's service account. */
export const GOOGLE_WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
/** Google's token endpoint, the `token_uri` of every service account key it issues. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const GOOGLE_WALLET_API_URL = 'https://walletobjects.googleapis.com';
/** No call to Google waits longer than this; the job queue tries again later. */
const TIMEOUT_MS = 10_000;

/** A refusal or failure of the Wallet API (or of its token endpoint), with Google's status. */
export class GoogleWalletError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'GoogleWalletError';
  }
}

interface Token {
  value: string;
  /** Epoch ms after which a new token is asked for (a minute before Google's expiry). */
  renewAt: number;
}

const tokens = new Map<string, Promise<Token>>();

async function requestToken(config: GoogleWalletConfig): Promise<Token> {
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({ scope: GOOGLE_WALLET_SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(config.serviceAccountEmail)
    .setAudience(config.tokenUrl)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(await importPKCS8(config.privateKey, 'RS256'));
  const response = await fetch(config.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion,
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => ({}))) as {
    access_token?: string;
    expires_in?: number;
    error?: string;
  };
  if (!response.ok || !body.access_token) {
    const why = body.error ? `${response.status} ${body.error}` : String(response.status);
    throw new GoogleWalletError(
      `Google refused the service account's token request (${why}).`,
      response.status,
    );
  }
  const seconds = body.expires_in ?? 3600;
  return { value: body.access_token, renewAt: Date.now() + Math.max(0, seconds - 60) * 1000 };
}

/** The service account's access token, asked for once and reused until a minute before expiry. */
async function accessToken(config: GoogleWalletConfig): Promise<string> {
  const cacheKey = `${config.tokenUrl} ${config.serviceAccountEmail}`;
  const cached = await tokens.get(cacheKey)?.catch(() => null);
  if (cached && cached.renewAt > Date.now()) return cached.value;
  const fresh = requestToken(config);
  tokens.set(cacheKey, fresh);
  fresh.catch(() => {
    if (tokens.get(cacheKey) === fresh) tokens.delete(cacheKey);
  });
  return (await fresh).value;
}

/** One Wallet API call; answers the status and the JSON body (404 and 409 are answers, not errors). */
async function call(
  config: GoogleWalletConfig,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(new URL(`/walletobjects/v1/${path}`, config.apiUrl), {
    method,
    headers: {
      authorization: `Bearer ${await accessToken(config)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const json = (await response.json().catch(() => null)) as unknown;
  if (!response.ok && response.status !== 404 && response.status !== 409) {
    const message = (json as { error?: { message?: string } } | null)?.error?.message;
    throw new GoogleWalletError(
      `Google Wallet answered ${response.status} to ${method} ${path}${message ? `: ${message}` : ''}`,
      response.status,
    );
  }
  return { status: response.status, body: json };
}

function expectOk(result: { status: number }, what: string): void {
  if (result.status >= 300) {
    throw new GoogleWalletError(
      `Google Wallet answered ${result.status} to ${what}.`,
      result.status,
    );
  }
}

/** Brings the class or object `body.id` at `collection` up to `body`. */
async function patch(
  config: GoogleWalletConfig,
  collection: string,
  body: { id: string },
  what: string,
): Promise<void> {
  const path = `${collection}/${encodeURIComponent(body.id)}`;
  expectOk(await call(config, 'PATCH', path, body), `the ${what} patch`);
}

/**
 * Makes a class or object at `collection` (`genericClass`, `genericObject`), or patches it to
 * `body` where it exists already (Google answers 409 to the insert: made before, or meanwhile by
 * another server).
 */
async function insertOrPatch(
  config: GoogleWalletConfig,
  collection: string,
  body: { id: string },
  what: string,
): Promise<'inserted' | 'patched'> {
  const inserted = await call(config, 'POST', collection, body);
  if (inserted.status !== 409) {
    expectOk(inserted, `the ${what} insert`);
    return 'inserted';
  }
  await patch(config, collection, body, what);
  return 'patched';
}

/**
 * The parking pass class, made if it does not exist and brought up to date if it does: what the
 * site's name, logo and links are now. Answers what was done.
 */
export async function saveGooglePassClass(
  config: GoogleWalletConfig,
): Promise<'inserted' | 'updated'> {
  const passClass = googlePassClass(config);
  const found = await call(config, 'GET', `genericClass/${encodeURIComponent(passClass.id)}`);
  if (found.status === 404) {
    const done = await insertOrPatch(config, 'genericClass', passClass, 'class');
    return done === 'inserted' ? 'inserted' : 'updated';
  }
  await patch(config, 'genericClass', passClass, 'class');
  return 'updated';
}

/** A pass's object made, or changed to what the booking is now (its state, time, plate). */
export function saveGooglePassObject(
  config: GoogleWalletConfig,
  pass: WalletPassData,
): Promise<'inserted' | 'patched'> {
  return insertOrPatch(config, 'genericObject', googlePassObject(config, pass), 'object');
}
