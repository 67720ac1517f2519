/**
 * A local HTTP server that answers the Stripe API calls Parkside makes, as Stripe does (same
 * paths, form-encoded requests, JSON objects, errors and idempotent replays), plus the two pages
 * Stripe hosts for people: Checkout and Connect onboarding. Events go to the app's webhook
 * endpoint signed by the `stripe` SDK's own test helper. Tests and local development without a
 * network use it; production talks to Stripe.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface StripeTestServerOptions {
  webhookSecret: string;
  /** The app's webhook endpoint; may be set later with `setWebhookUrl`. */
  webhookUrl?: string;
  /** Waits this long before sending an event (Stripe's are not instant). */
  webhookDelayMs?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
}

interface Session {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  url: string | null;
  mode: 'payment';
  livemode: false;
  description: string;
}

interface Account {
  id: string;
  object: 'account';
  type: 'express';
  email: string | null;
  metadata: Record<string, string>;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export interface StripeTestServer {
  /** `http://127.0.0.1:port`: give it to the provider as `apiBase`. */
  url: string;
  requests: RecordedRequest[];
  sessions: Map<string, Session>;
  accounts: Map<string, Account>;
  refunds: { id: string; payment_intent: string; amount: number }[];
  transfers: { id: string; amount: number; destination: string; transfer_group: string }[];
  /** Events sent, with the app's HTTP status for each. */
  delivered: { id: string; type: string; status: number }[];
  setWebhookUrl(url: string): void;
  /** The driver pays: the session completes and `checkout.session.completed` is sent. */
  completeCheckout(sessionId: string): Promise<number>;
  /** The host finishes onboarding: the account is enabled and `account.updated` is sent. */
  completeOnboarding(accountId: string): Promise<number>;
  /** Signs and posts any event to the app, as Stripe would (for replays). */
  sendEvent(type: string, object: unknown, id?: string): Promise<number>;
  /** The next `count` calls to `path` (e.g. `/v1/refunds`) answer 500. */
  failNext(path: string, count: number): void;
  close(): Promise<void>;
}

export async function startStripeTestServer(
  options: StripeTestServerOptions,
): Promise<StripeTestServer> {
  const stripe = new Stripe('sk_test_local', { telemetry: false });
  let webhookUrl = options.webhookUrl;
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Session>();
  const accounts = new Map<string, Account>();
  const refunds: StripeTestServer['refunds'] = [];
  const transfers: StripeTestServer['transfers'] = [];
  const delivered: StripeTestServer['delivered'] = [];
  const charged = new Map<string, { amount: number; refunded: number }>();
  const replays = new Map<string, { status: number; body: string }>();
  const failures = new Map<string, number>();
  let base = '';

  async function sendEvent(type: string, object: unknown, id = newId('evt')): Promise<number> {
    if (!webhookUrl) return 0;
    if (options.webhookDelayMs) await new Promise((r) => setTimeout(r, options.webhookDelayMs));
    const payload = JSON.stringify({
      id,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object },
    });
    const header = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.webhookSecret,
    });
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
    await response.arrayBuffer();
    delivered.push({ id, type, status: response.status });
    return response.status;
  }

  /** Takes the payment; the event is for the caller to send. */
  function pay(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session || session.status !== 'open') return null;
    const intent = newId('pi');
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = intent;
    session.url = null;
    charged.set(intent, { amount: session.amount_total, refunded: 0 });
    return session;
  }

  async function completeCheckout(sessionId: string) {
    const session = pay(sessionId);
    return session ? sendEvent('checkout.session.completed', session) : 0;
  }

  async function completeOnboarding(accountId: string) {
    const account = accounts.get(accountId);
    if (!account) return 0;
    Object.assign(account, {
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
    });
    return sendEvent('account.updated', account);
  }

  const stripeError = (status: number, message: string, code?: string) => ({
    status,
    body: { error: { type: 'invalid_request_error', message, code } },
  });

  /** The API: answers one call, as Stripe would. */
  function api(method: string, path: string, p: Record<string, string>) {
    let match: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const amount = Number(p['line_items[0][price_data][unit_amount]']);
      if (!Number.isInteger(amount) || amount < 50)
        return stripeError(400, 'Invalid unit_amount', 'amount_too_small');
      const expiresAt = Number(p.expires_at);
      const now = Math.floor(Date.now() / 1000);
      if (p.expires_at && (expiresAt < now + 1800 - 5 || expiresAt > now + 86_400)) {
        return stripeError(
          400,
          'The `expires_at` timestamp must be between 30 minutes and 24 hours from now.',
        );
      }
      const id = newId('cs');
      const session: Session = {
        id,
        object: 'checkout.session',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount,
        currency: p['line_items[0][price_data][currency]'] ?? 'usd',
        client_reference_id: p.client_reference_id ?? null,
        customer_email: p.customer_email ?? null,
        metadata: metadataOf(p, 'metadata'),
        payment_intent: null,
        success_url: p.success_url ?? '',
        cancel_url: p.cancel_url ?? '',
        expires_at: expiresAt || now + 86_400,
        url: `${base}/c/pay/${id}`,
        mode: 'payment',
        livemode: false,
        description: p['line_items[0][price_data][product_data][name]'] ?? '',
      };
      sessions.set(id, session);
      return { status: 200, body: session };
    }
    if ((match = path.match(/^\/v1\/checkout\/sessions\/([\w]+)$/)) && method === 'GET') {
      const session = sessions.get(match[1]!);
      return session
        ? { status: 200, body: session }
        : stripeError(404, 'No such checkout.session', 'resource_missing');
    }
    if ((match = path.match(/^\/v1\/checkout\/sessions\/([\w]+)\/expire$/)) && method === 'POST') {
      const session = sessions.get(match[1]!);
      if (!session) return stripeError(404, 'No such checkout.session', 'resource_missing');
      if (session.status !== 'open') {
        return stripeError(400, 'Only Checkout Sessions with a status in ["open"] can be expired.');
      }
      session.status = 'expired';
      session.url = null;
      void sendEvent('checkout.session.expired', session).catch(() => {});
      return { status: 200, body: session };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = charged.get(p.payment_intent ?? '');
      if (!intent)
        return stripeError(
          404,
          `No such payment_intent: '${p.payment_intent}'`,
          'resource_missing',
        );
      const amount = p.amount ? Number(p.amount) : intent.amount - intent.refunded;
      if (amount <= 0 || amount > intent.amount - intent.refunded) {
        return stripeError(
          400,
          'Refund amount is greater than the unrefunded amount.',
          'amount_too_large',
        );
      }
      intent.refunded += amount;
      const refund = {
        id: newId('re'),
        object: 'refund',
        payment_intent: p.payment_intent!,
        amount,
        currency: 'usd',
        status: 'succeeded',
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const account: Account = {
        id: newId('acct'),
        object: 'account',
        type: 'express',
        email: p.email ?? null,
        metadata: metadataOf(p, 'metadata'),
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
      };
      accounts.set(account.id, account);
      return { status: 200, body: account };
    }
    if ((match = path.match(/^\/v1\/accounts\/([\w]+)$/)) && method === 'GET') {
      const account = accounts.get(match[1]!);
      return account
        ? { status: 200, body: account }
        : stripeError(404, 'No such account', 'resource_missing');
    }
    if (method === 'POST' && path === '/v1/account_links') {
      if (!accounts.has(p.account ?? ''))
        return stripeError(404, 'No such account', 'resource_missing');
      const query = new URLSearchParams({
        return_url: p.return_url ?? '',
        refresh_url: p.refresh_url ?? '',
      });
      return {
        status: 200,
        body: {
          object: 'account_link',
          url: `${base}/c/onboard/${p.account}?${query}`,
          created: Math.floor(Date.now() / 1000),
          expires_at: Math.floor(Date.now() / 1000) + 300,
        },
      };
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const account = accounts.get(p.destination ?? '');
      if (!account?.payouts_enabled)
        return stripeError(400, 'The destination account cannot receive transfers.');
      const transfer = {
        id: newId('tr'),
        object: 'transfer',
        amount: Number(p.amount),
        currency: p.currency ?? 'usd',
        destination: p.destination!,
        transfer_group: p.transfer_group ?? '',
        description: p.description ?? null,
      };
      transfers.push(transfer);
      return { status: 200, body: transfer };
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  function page(res: ServerResponse, title: string, body: string) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1f36}button{font:inherit;background:#635bff;color:#fff;border:0;border-radius:6px;padding:.75rem 1.25rem;width:100%}a{color:#635bff}</style></head>
<body><p>Stripe test mode (local)</p><h1>${escape(title)}</h1>${body}</body></html>`);
  }

  /** The pages Stripe hosts for people: Checkout and Connect onboarding. */
  async function hosted(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: URLSearchParams,
  ) {
    let match: RegExpMatchArray | null;
    if ((match = path.match(/^\/c\/pay\/([\w]+)$/))) {
      const session = sessions.get(match[1]!);
      if (!session) return page(res, 'Not found', '<p>This payment page does not exist.</p>');
      if (req.method === 'POST') {
        // As at Stripe: the driver is sent back at once; the webhook follows on its own.
        if (pay(session.id)) {
          void sendEvent('checkout.session.completed', session).catch(() => {});
        }
        res.writeHead(303, {
          location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id),
        });
        return res.end();
      }
      if (session.status !== 'open') {
        return page(
          res,
          'This payment page has expired',
          `<p><a href="${escape(session.cancel_url)}">Back to Parkside</a></p>`,
        );
      }
      return page(
        res,
        `Pay ${dollars(session.amount_total)}`,
        `<p>${escape(session.description)}</p><form method="post"><label>Card number <input name="card" value="4242 4242 4242 4242" autocomplete="off"></label><p><button type="submit">Pay ${dollars(session.amount_total)}</button></p></form><p><a href="${escape(session.cancel_url)}">Cancel and go back</a></p>`,
      );
    }
    if ((match = path.match(/^\/c\/onboard\/([\w]+)$/))) {
      const account = accounts.get(match[1]!);
      if (!account) return page(res, 'Not found', '<p>This link does not exist.</p>');
      if (req.method === 'POST') {
        await completeOnboarding(account.id);
        res.writeHead(303, { location: query.get('return_url') ?? '/' });
        return res.end();
      }
      return page(
        res,
        'Set up payouts',
        `<p>Bank account for ${escape(account.email ?? '')}</p><form method="post"><button type="submit">Agree and submit</button></form><p><a href="${escape(query.get('return_url') ?? '/')}">Finish later</a></p>`,
      );
    }
    res.writeHead(404).end();
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      const path = url.pathname;
      if (path.startsWith('/c/')) {
        void hosted(req, res, path, url.searchParams).catch(() => res.writeHead(500).end());
        return;
      }
      const text = Buffer.concat(chunks).toString('utf8');
      const params = Object.fromEntries(
        new URLSearchParams(req.method === 'GET' ? url.search : text),
      );
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method!, path, params, idempotencyKey });
      res.setHeader('content-type', 'application/json');
      res.setHeader('request-id', newId('req'));
      if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_')) {
        res.statusCode = 401;
        return res.end(
          JSON.stringify({
            error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
          }),
        );
      }
      const failing = failures.get(path) ?? 0;
      if (failing > 0) {
        failures.set(path, failing - 1);
        res.statusCode = 500;
        res.setHeader('stripe-should-retry', 'false');
        return res.end(
          JSON.stringify({
            error: { type: 'api_error', message: 'Something went wrong on Stripe’s end.' },
          }),
        );
      }
      const replayKey =
        idempotencyKey && req.method === 'POST' ? `${path} ${idempotencyKey}` : null;
      const replay = replayKey ? replays.get(replayKey) : undefined;
      if (replay) {
        res.setHeader('idempotent-replayed', 'true');
        res.statusCode = replay.status;
        return res.end(replay.body);
      }
      const answer = api(req.method!, path, params);
      const body = JSON.stringify(answer.body);
      if (replayKey && answer.status < 500) replays.set(replayKey, { status: answer.status, body });
      res.statusCode = answer.status;
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    requests,
    sessions,
    accounts,
    refunds,
    transfers,
    delivered,
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    completeCheckout,
    completeOnboarding,
    sendEvent,
    failNext: (path, count) => failures.set(path, count),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function metadataOf(params: Record<string, string>, prefix: string) {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const match = key.match(new RegExp(`^${prefix}\\[(\\w+)\\]$`));
    if (match) out[match[1]!] = value;
  }
  return out;
}
