/**
 * A local server that answers as Google's token endpoint and the Wallet API (`walletobjects` v1)
 * do, for tests: the JWT bearer grant checked against the service account's public key, then
 * generic classes and objects kept in memory with Google's insert (409 when the id exists), get
 * (404 when it does not) and patch (fields merged), and Google's error bodies. An object whose
 * class does not exist is refused, as Google refuses it.
 */
import { importSPKI, jwtVerify } from 'jose';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GOOGLE_WALLET_SCOPE } from './google-api';

type Resource = Record<string, unknown> & { id: string };

export interface GoogleWalletTestServer {
  /** The Wallet API's address (GOOGLE_WALLET_API_URL). */
  apiUrl: string;
  /** The token endpoint (the key's token_uri). */
  tokenUrl: string;
  classes: Map<string, Resource>;
  objects: Map<string, Resource>;
  /** Every call, "METHOD path", in order. */
  calls: string[];
  /** The next `count` Wallet API calls answer 503, as Google does when it is unavailable. */
  failNext(count: number): void;
  close(): Promise<void>;
}

function googleError(res: ServerResponse, code: number, status: string, message: string) {
  res.writeHead(code, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { code, message, status } }));
}

function json(res: ServerResponse, body: unknown) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

export async function startGoogleWalletTestServer(key: {
  serviceAccountEmail: string;
  publicKey: string;
}): Promise<GoogleWalletTestServer> {
  const publicKey = await importSPKI(key.publicKey, 'RS256');
  const issued = new Set<string>();
  const classes = new Map<string, Resource>();
  const objects = new Map<string, Resource>();
  const calls: string[] = [];
  let failing = 0;
  let origin = '';

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: 'unsupported_grant_type' }));
    }
    try {
      const { payload } = await jwtVerify(form.get('assertion') ?? '', publicKey, {
        issuer: key.serviceAccountEmail,
        audience: `${origin}/token`,
      });
      if (payload.scope !== GOOGLE_WALLET_SCOPE) throw new Error('scope');
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: 'invalid_grant' }));
    }
    const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
    issued.add(accessToken);
    json(res, { access_token: accessToken, token_type: 'Bearer', expires_in: 3599 });
  }

  async function wallet(req: IncomingMessage, res: ServerResponse, path: string) {
    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!issued.has(bearer)) {
      return googleError(
        res,
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials.',
      );
    }
    if (failing > 0) {
      failing -= 1;
      return googleError(res, 503, 'UNAVAILABLE', 'The service is currently unavailable.');
    }
    const [kind, rawId] = path.split('/');
    const store = kind === 'genericClass' ? classes : kind === 'genericObject' ? objects : null;
    if (!store) return googleError(res, 404, 'NOT_FOUND', 'Not found.');
    const id = rawId ? decodeURIComponent(rawId) : undefined;
    const body =
      req.method === 'GET' ? null : (JSON.parse((await readBody(req)) || '{}') as Resource);
    if (req.method === 'POST' && !id && body) {
      if (store.has(body.id)) {
        return googleError(res, 409, 'ALREADY_EXISTS', `Resource already exists: ${body.id}`);
      }
      if (kind === 'genericObject' && !classes.has(String(body.classId))) {
        return googleError(res, 404, 'NOT_FOUND', `Class not found: ${String(body.classId)}`);
      }
      store.set(body.id, body);
      return json(res, body);
    }
    const found = id ? store.get(id) : undefined;
    if (!found) return googleError(res, 404, 'NOT_FOUND', `Resource not found: ${id ?? ''}`);
    if (req.method === 'GET') return json(res, found);
    if (req.method === 'PATCH' && body) {
      const merged = { ...found, ...body, id: found.id };
      store.set(found.id, merged);
      return json(res, merged);
    }
    return googleError(res, 405, 'INVALID_ARGUMENT', 'Method not allowed.');
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    calls.push(`${req.method} ${path}`);
    const handled =
      req.method === 'POST' && path === '/token'
        ? token(req, res)
        : path.startsWith('/walletobjects/v1/')
          ? wallet(req, res, path.slice('/walletobjects/v1/'.length))
          : Promise.resolve(googleError(res, 404, 'NOT_FOUND', 'Not found.'));
    handled.catch(() => googleError(res, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload.'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    apiUrl: origin,
    tokenUrl: `${origin}/token`,
    classes,
    objects,
    calls,
    failNext: (count) => {
      failing = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
