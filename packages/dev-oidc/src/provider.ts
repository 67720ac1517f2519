/**
 * A real OpenID Connect provider on loopback for development and tests.
 *
 * Parkside's social login (Arctic's generic `OAuth2Client`, state + PKCE S256, then userinfo) runs
 * against this provider without the internet. It serves its own small sign-in page, so a human (or
 * Playwright) can use it in a browser, and `signInAs()` drives the same page over HTTP for API
 * tests.
 *
 * Development and tests only: there are no passwords, any listed e-mail signs in.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';

import Provider, {
  errors,
  interactionPolicy,
  type Account,
  type Configuration,
  type Interaction,
} from 'oidc-provider';

export interface DevOidcAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture?: string;
}

export interface DevOidcProvider {
  /** e.g. http://127.0.0.1:PORT */
  issuer: string;
  /** 'parkside-dev' */
  clientId: string;
  /** 'parkside-dev-secret' */
  clientSecret: string;
  /** from the provider's discovery document */
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string;
  /**
   * Add or replace an account (tests change email_verified between logins). Accounts are keyed by
   * `sub`; because the e-mail is the login key, an existing account with the same e-mail but a
   * different `sub` is replaced as well.
   */
  upsertAccount(account: DevOidcAccount): void;
  /**
   * Drives the provider's own login + consent pages over HTTP (fetch with a cookie jar and manual
   * redirects) as the given account, starting at an authorization URL built by the client, and
   * returns the final redirect URL back to the client (redirect_uri?code=...&state=...).
   *
   * If the provider answers the authorization request with an error redirect (e.g. no PKCE), that
   * redirect URL is returned as is. Rejects when the provider shows an error page or refuses the
   * e-mail (unknown account).
   */
  signInAs(authorizationUrl: string, email: string): Promise<string>;
  close(): Promise<void>;
}

export interface StartDevOidcProviderOptions {
  /** 0 (default) = random free port */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  /** the client's allowed callback URLs */
  redirectUris: string[];
  accounts?: DevOidcAccount[];
}

const CLIENT_ID = 'parkside-dev';
const CLIENT_SECRET = 'parkside-dev-secret';
const CLIENT_NAME = 'Parkside';
const SCOPE = 'openid email profile';
const CLAIMS = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['name', 'picture'],
};
/** Fixed keys: the cookies only have to survive this process. */
const COOKIE_KEYS = ['parkside-dev-oidc-cookie-key-1'];
const MAX_BODY_BYTES = 16 * 1024;
const MAX_REDIRECTS = 10;
const INTERACTION_PATH = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|abort))?\/?$/;

export async function startDevOidcProvider(
  options: StartDevOidcProviderOptions,
): Promise<DevOidcProvider> {
  const host = options.host ?? '127.0.0.1';
  if (options.redirectUris.length === 0) {
    throw new Error('startDevOidcProvider: at least one redirect URI is required');
  }

  const accounts = new Map<string, DevOidcAccount>();
  const upsertAccount = (account: DevOidcAccount): void => {
    if (!account.sub || !account.email) {
      throw new Error('DevOidcProvider.upsertAccount: sub and email are required');
    }
    const email = normalizeEmail(account.email);
    for (const [sub, existing] of accounts) {
      if (sub !== account.sub && normalizeEmail(existing.email) === email) accounts.delete(sub);
    }
    accounts.set(account.sub, { ...account });
  };
  const findByEmail = (email: string): DevOidcAccount | undefined => {
    const wanted = normalizeEmail(email);
    for (const account of accounts.values()) {
      if (normalizeEmail(account.email) === wanted) return account;
    }
    return undefined;
  };
  for (const account of options.accounts ?? []) upsertAccount(account);

  // The issuer needs the port, and the port is only known once the server listens: bind first,
  // create the provider right after (no request can arrive before the address is handed out).
  let app: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => {
    if (app) app(req, res);
    else sendHtml(res, 503, errorPage('Starting up', 'The test provider is not ready yet.'));
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  try {
    const { port } = server.address() as AddressInfo;
    const issuer = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    const provider = new Provider(issuer, buildConfiguration(options.redirectUris, accounts));
    const koa = provider.callback();

    app = (req, res) => {
      const pathname = new URL(req.url ?? '/', issuer).pathname;
      const match = INTERACTION_PATH.exec(pathname);
      if (!match) {
        void koa(req, res);
        return;
      }
      handleInteraction(provider, req, res, match[1] ?? '', match[2], {
        accounts: () => [...accounts.values()],
        findByEmail,
      }).catch((error: unknown) => {
        if (res.headersSent) {
          res.destroy();
          return;
        }
        if (error instanceof errors.SessionNotFound) {
          sendHtml(
            res,
            400,
            errorPage(
              'Sign-in expired',
              'This sign-in attempt has expired or was already completed. Go back to Parkside and start again.',
            ),
          );
          return;
        }
        console.error('[dev-oidc-provider] interaction failed', error);
        sendHtml(res, 500, errorPage('Something went wrong', 'The test provider hit an error.'));
      });
    };

    const discovery = await fetchDiscovery(issuer);

    return {
      issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      authorizationEndpoint: discovery.authorization_endpoint,
      tokenEndpoint: discovery.token_endpoint,
      userinfoEndpoint: discovery.userinfo_endpoint,
      upsertAccount,
      signInAs: (authorizationUrl, email) => signInAs(issuer, authorizationUrl, email),
      close: () => closeServer(server),
    };
  } catch (error) {
    await closeServer(server);
    throw error;
  }
}

function buildConfiguration(
  redirectUris: string[],
  accounts: Map<string, DevOidcAccount>,
): Configuration {
  // A dev provider is an account chooser: always show the sign-in page, even when the browser
  // still has a provider session, so one can switch between test accounts (and Playwright always
  // finds the form). The check passes once this interaction's login result is in.
  const policy = interactionPolicy.base();
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check(
        'dev_account_chooser',
        'the dev provider asks for the account on every authorization request',
        (ctx) =>
          ctx.oidc.result?.login
            ? interactionPolicy.Check.NO_NEED_TO_PROMPT
            : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );

  return {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        client_name: CLIENT_NAME,
        redirect_uris: [...redirectUris],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    scopes: SCOPE.split(' '),
    claims: CLAIMS,
    cookies: { keys: COOKIE_KEYS },
    // Explicit lifetimes (seconds); generous enough for a human stepping through in a browser.
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 10 * 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: 24 * 60 * 60,
      Session: 24 * 60 * 60,
    },
    features: { devInteractions: { enabled: false } },
    interactions: {
      policy,
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
    },
    findAccount: (_ctx, sub): Account | undefined => {
      if (!accounts.has(sub)) return undefined;
      return {
        accountId: sub,
        // Read the map at claim time, so upsertAccount() is visible to tokens already issued.
        claims: () => {
          const account = accounts.get(sub);
          if (!account) return { sub };
          return {
            sub: account.sub,
            email: account.email,
            email_verified: account.email_verified,
            name: account.name,
            ...(account.picture === undefined ? {} : { picture: account.picture }),
          };
        },
      };
    },
  };
}

interface InteractionAccounts {
  accounts(): DevOidcAccount[];
  findByEmail(email: string): DevOidcAccount | undefined;
}

async function handleInteraction(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  uid: string,
  action: string | undefined,
  accounts: InteractionAccounts,
): Promise<void> {
  const method = req.method ?? 'GET';

  if (action === undefined) {
    if (method !== 'GET' && method !== 'HEAD') return sendMethodNotAllowed(res, 'GET, HEAD');
    const interaction = await interactionFor(provider, req, res, uid);
    const hint = interaction.params.login_hint;
    return sendHtml(
      res,
      200,
      loginPage({
        uid,
        issuer: provider.issuer,
        scope: paramString(interaction.params.scope),
        email: typeof hint === 'string' ? hint : '',
        accounts: accounts.accounts(),
      }),
    );
  }

  if (method !== 'POST') return sendMethodNotAllowed(res, 'POST');
  const body = await readForm(req);
  const interaction = await interactionFor(provider, req, res, uid);

  if (action === 'abort') {
    return provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'End-User cancelled the sign-in' },
      { mergeWithLastSubmission: false },
    );
  }

  const email = (body.get('email') ?? '').trim();
  const account = email ? accounts.findByEmail(email) : undefined;
  if (!account) {
    return sendHtml(
      res,
      400,
      loginPage({
        uid,
        issuer: provider.issuer,
        scope: paramString(interaction.params.scope),
        email,
        accounts: accounts.accounts(),
        error: email
          ? `No test account uses the e-mail “${email}”. Pick one of the accounts listed below.`
          : 'Enter the e-mail of one of the test accounts listed below.',
      }),
    );
  }

  // Login and consent in one step: oidc-provider 9 wants an explicit Grant covering everything
  // the client asked for, otherwise it comes back with a consent prompt.
  // A fresh grant every time: the browser's previous grant may belong to another test account.
  const grant = new provider.Grant({
    accountId: account.sub,
    clientId: paramString(interaction.params.client_id) || CLIENT_ID,
  });
  grant.addOIDCScope(SCOPE);
  grant.addOIDCClaims(Object.values(CLAIMS).flat());
  const requestedClaims = claimsParameterNames(interaction.params.claims);
  if (requestedClaims.length > 0) grant.addOIDCClaims(requestedClaims);
  const grantId = await grant.save();

  return provider.interactionFinished(
    req,
    res,
    { login: { accountId: account.sub }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

async function interactionFor(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  uid: string,
): Promise<Interaction> {
  const interaction = await provider.interactionDetails(req, res);
  // The cookie decides which interaction this is; the URL has to agree with it.
  if (interaction.uid !== uid) throw new errors.SessionNotFound('interaction uid mismatch');
  return interaction;
}

function paramString(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Claim names asked for with the OIDC `claims` request parameter (JSON). */
function claimsParameterNames(value: unknown): string[] {
  if (typeof value !== 'string' || !value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (!isRecord(parsed)) return [];
    const names = new Set<string>();
    for (const member of [parsed.userinfo, parsed.id_token]) {
      if (isRecord(member)) for (const name of Object.keys(member)) names.add(name);
    }
    return [...names];
  } catch {
    return [];
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// HTML

/** Character and entity; `&` first, so escaping never escapes its own output again. */
const ENTITIES: ReadonlyArray<readonly [string, string]> = [
  ['&', '&amp;'],
  ['<', '&lt;'],
  ['>', '&gt;'],
  ['"', '&quot;'],
  ["'", '&#39;'],
];

function escapeHtml(value: string): string {
  return ENTITIES.reduce((text, [char, entity]) => text.replaceAll(char, entity), value);
}

/** The reverse, `&amp;` last for the same reason. */
function unescapeHtml(value: string): string {
  return ENTITIES.reduceRight((text, [char, entity]) => text.replaceAll(entity, char), value);
}

const STYLE = `
  *, *::before, *::after { box-sizing: border-box; }
  body {
    margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 24px;
    font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
    color: #1f2933; background: #eef2f6;
  }
  main {
    width: 100%; max-width: 420px; padding: 32px; border-radius: 16px; background: #fff;
    box-shadow: 0 1px 2px rgb(15 23 42 / 0.06), 0 12px 32px rgb(15 23 42 / 0.08);
  }
  .badge {
    display: inline-block; margin: 0 0 16px; padding: 2px 10px; border-radius: 999px;
    font-size: 12px; font-weight: 600; letter-spacing: 0.02em; color: #92400e; background: #fef3c7;
  }
  h1 { margin: 0 0 8px; font-size: 22px; line-height: 1.3; }
  h2 { margin: 24px 0 8px; font-size: 14px; color: #52606d; }
  p { margin: 0 0 16px; }
  .lead { color: #52606d; }
  label { display: block; margin-bottom: 6px; font-weight: 600; }
  input {
    width: 100%; padding: 10px 12px; border: 1px solid #cbd2d9; border-radius: 8px; font: inherit;
  }
  input:focus { outline: 2px solid #2563eb; outline-offset: 1px; border-color: #2563eb; }
  button {
    width: 100%; margin-top: 16px; padding: 10px 16px; border: 0; border-radius: 8px;
    font: inherit; font-weight: 600; color: #fff; background: #2563eb; cursor: pointer;
  }
  button:hover { background: #1d4ed8; }
  button.secondary { margin-top: 8px; color: #52606d; background: transparent; }
  button.secondary:hover { color: #1f2933; background: #f1f5f9; }
  .error {
    padding: 10px 12px; border-radius: 8px; color: #991b1b; background: #fee2e2;
  }
  ul { margin: 0; padding: 0; list-style: none; }
  li { padding: 8px 0; border-top: 1px solid #e4e7eb; font-size: 14px; }
  li:first-child { border-top: 0; }
  code { font: 14px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; }
  .muted { color: #7b8794; font-size: 13px; }
  footer { margin-top: 24px; color: #7b8794; font-size: 12px; word-break: break-all; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

interface LoginPageOptions {
  uid: string;
  issuer: string;
  scope: string;
  email: string;
  accounts: DevOidcAccount[];
  error?: string;
}

function loginPage(options: LoginPageOptions): string {
  const uid = encodeURIComponent(options.uid);
  const accountItems = options.accounts
    .map(
      (account) =>
        `<li><code>${escapeHtml(account.email)}</code><br><span class="muted">${escapeHtml(
          account.name,
        )} · ${account.email_verified ? 'verified' : 'not verified'}</span></li>`,
    )
    .join('\n');
  const datalist = options.accounts
    .map((account) => `<option value="${escapeHtml(account.email)}"></option>`)
    .join('');

  return layout(
    'Parkside test sign-in',
    `<p class="badge">Local test provider · no real accounts</p>
<h1>Sign in to the local test provider</h1>
<p class="lead"><strong>${escapeHtml(CLIENT_NAME)}</strong> wants to know who you are. Enter the e-mail of a test account; no password is needed.</p>
${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
<form id="login-form" method="post" action="/interaction/${uid}/login">
<label for="email">Email</label>
<input id="email" name="email" type="text" inputmode="email" autocomplete="email" autocapitalize="off" spellcheck="false" required autofocus list="known-accounts" value="${escapeHtml(options.email)}">
<datalist id="known-accounts">${datalist}</datalist>
<button type="submit">Continue</button>
</form>
<form method="post" action="/interaction/${uid}/abort">
<button type="submit" class="secondary">Cancel</button>
</form>
<h2 id="known-accounts-heading">Test accounts</h2>
${
  accountItems
    ? `<ul aria-labelledby="known-accounts-heading">\n${accountItems}\n</ul>`
    : '<p class="muted">No test accounts yet.</p>'
}
<footer>Issuer ${escapeHtml(options.issuer)}${
      options.scope ? ` · scopes ${escapeHtml(options.scope)}` : ''
    }</footer>`,
  );
}

function errorPage(heading: string, message: string): string {
  return layout(
    'Parkside test sign-in',
    `<p class="badge">Local test provider</p>
<h1>${escapeHtml(heading)}</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>`,
  );
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Content-Length', Buffer.byteLength(html));
  res.end(html);
}

function sendMethodNotAllowed(res: ServerResponse, allow: string): void {
  res.setHeader('Allow', allow);
  sendHtml(res, 405, errorPage('Method not allowed', 'This page does not accept that request.'));
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new Error('request body too large');
    chunks.push(buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

// ---------------------------------------------------------------------------------------------
// Discovery, shutdown

interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
}

async function fetchDiscovery(issuer: string): Promise<Discovery> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`);
  if (!response.ok) {
    throw new Error(`dev OIDC provider: discovery document returned ${response.status}`);
  }
  const document: unknown = await response.json();
  if (!isRecord(document)) throw new Error('dev OIDC provider: discovery document is not JSON');
  const endpoint = (name: keyof Discovery): string => {
    const value = document[name];
    if (typeof value !== 'string') throw new Error(`dev OIDC provider: discovery lacks ${name}`);
    return value;
  };
  return {
    authorization_endpoint: endpoint('authorization_endpoint'),
    token_endpoint: endpoint('token_endpoint'),
    userinfo_endpoint: endpoint('userinfo_endpoint'),
  };
}

function closeServer(server: ReturnType<typeof createServer>): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close((error) => (error ? reject(error) : resolve()));
    // Keep-alive sockets (fetch keeps them open) would otherwise hold the process for a while.
    server.closeAllConnections();
  });
}

// ---------------------------------------------------------------------------------------------
// signInAs: a tiny browser (cookie jar + manual redirects)

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

class CookieJar {
  readonly #cookies = new Map<string, StoredCookie>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      if (separator <= 0) continue;
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      let path = '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [rawKey = '', ...rest] = attribute.split('=');
        const key = rawKey.trim().toLowerCase();
        const attributeValue = rest.join('=').trim();
        if (key === 'path' && attributeValue.startsWith('/')) path = attributeValue;
        if (key === 'max-age' && Number(attributeValue) <= 0) expired = true;
        if (key === 'expires' && Date.parse(attributeValue) <= Date.now()) expired = true;
      }
      const id = `${name}\u0000${path}`;
      if (expired) this.#cookies.delete(id);
      else this.#cookies.set(id, { name, value, path });
    }
  }

  header(url: URL): string | undefined {
    const matching = [...this.#cookies.values()]
      .filter((cookie) => pathMatches(url.pathname, cookie.path))
      .sort((a, b) => b.path.length - a.path.length);
    if (matching.length === 0) return undefined;
    return matching.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  }
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath.charAt(cookiePath.length) === '/';
}

type Navigation =
  { kind: 'left'; url: string } | { kind: 'page'; url: URL; status: number; html: string };

async function navigate(
  jar: CookieJar,
  origin: string,
  start: URL,
  init: { method: 'GET' } | { method: 'POST'; form: URLSearchParams },
): Promise<Navigation> {
  let url = start;
  let request = init;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const headers = new Headers({ Accept: 'text/html' });
    const cookie = jar.header(url);
    if (cookie) headers.set('Cookie', cookie);
    if (request.method === 'POST') {
      headers.set('Content-Type', 'application/x-www-form-urlencoded');
    }
    const response = await fetch(url, {
      method: request.method,
      headers,
      body: request.method === 'POST' ? request.form.toString() : undefined,
      redirect: 'manual',
    });
    jar.store(response);

    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      const next = new URL(location, url);
      if (next.origin !== origin) return { kind: 'left', url: next.toString() };
      url = next;
      request = { method: 'GET' };
      continue;
    }
    return { kind: 'page', url, status: response.status, html: await response.text() };
  }
  throw new Error(`signInAs: more than ${MAX_REDIRECTS} redirects, starting at ${start.href}`);
}

/** The alert text on one of our pages, or the visible text of an oidc-provider error page. */
function pageMessage(html: string): string {
  const alert = /<p class="error" role="alert">([\s\S]*?)<\/p>/.exec(html)?.[1];
  const text = alert ?? /<body[^>]*>([\s\S]*?)<\/body>/i.exec(html)?.[1] ?? html;
  const plain = unescapeHtml(
    text
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
  return plain.length > 300 ? `${plain.slice(0, 297)}...` : plain;
}

async function signInAs(issuer: string, authorizationUrl: string, email: string): Promise<string> {
  const origin = new URL(issuer).origin;
  const start = new URL(authorizationUrl);
  if (start.origin !== origin) {
    throw new Error(`signInAs: ${start.origin} is not this provider (${origin})`);
  }
  const jar = new CookieJar();

  const authorization = await navigate(jar, origin, start, { method: 'GET' });
  if (authorization.kind === 'left') return authorization.url;
  const action = /<form id="login-form" method="post" action="([^"]+)"/.exec(
    authorization.html,
  )?.[1];
  if (authorization.status !== 200 || action === undefined) {
    throw new Error(
      `signInAs: expected the sign-in page, got HTTP ${authorization.status} at ` +
        `${authorization.url.pathname}: ${pageMessage(authorization.html)}`,
    );
  }

  const submitted = await navigate(jar, origin, new URL(unescapeHtml(action), authorization.url), {
    method: 'POST',
    form: new URLSearchParams({ email }),
  });
  if (submitted.kind === 'left') return submitted.url;
  throw new Error(
    `signInAs: the dev OIDC provider refused to sign in as "${email}" ` +
      `(HTTP ${submitted.status}): ${pageMessage(submitted.html)}`,
  );
}

/** Who can sign in at the local provider in development. */
export const DEV_OIDC_ACCOUNTS: DevOidcAccount[] = [
  { sub: 'dev-alex', email: 'alex@example.com', email_verified: true, name: 'Alex Morgan' },
  { sub: 'dev-casey', email: 'casey@example.com', email_verified: false, name: 'Casey Nguyen' },
];
