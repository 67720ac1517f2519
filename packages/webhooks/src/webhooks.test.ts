import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  endpointSecret,
  isPrivateAddress,
  PRIVATE_ADDRESS_MESSAGE,
  postWebhook,
  signatureHeader,
  verifySignature,
  webhookUrlProblem,
} from './index';
import { startWebhookReceiver } from './testing';

describe('the Parkside-Signature header', () => {
  const secret = 'whsec_test';
  const body = '{"id":"evt_1","type":"booking.confirmed"}';

  it('is t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">, as a receiver computes it by hand', () => {
    const header = signatureHeader(secret, body, 1_795_000_000_000);
    const expected = createHmac('sha256', secret).update(`1795000000.${body}`).digest('hex');
    expect(header).toBe(`t=1795000000,v1=${expected}`);
    expect(verifySignature(secret, body, header, { now: 1_795_000_010_000 })).toBe(true);
  });

  it('refuses another body, another secret, an old time and garbage', () => {
    const now = Date.now();
    const header = signatureHeader(secret, body, now);
    expect(verifySignature(secret, `${body} `, header, { now })).toBe(false);
    expect(verifySignature('whsec_other', body, header, { now })).toBe(false);
    expect(verifySignature(secret, body, header, { now: now + 301_000 })).toBe(false);
    expect(verifySignature(secret, body, 't=abc,v1=00', { now })).toBe(false);
    expect(verifySignature(secret, body, undefined, { now })).toBe(false);
  });

  it('derives a different secret per endpoint and per salt, never the key itself', () => {
    const a = endpointSecret('key', 'endpoint-a', 'salt');
    expect(a).toMatch(/^whsec_[\w-]{43}$/);
    expect(endpointSecret('key', 'endpoint-b', 'salt')).not.toBe(a);
    expect(endpointSecret('key', 'endpoint-a', 'salt-2')).not.toBe(a);
    expect(endpointSecret('key', 'endpoint-a', 'salt')).toBe(a);
  });
});

describe('where webhooks may go', () => {
  it('knows private, loopback, link-local and mapped addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '2606:4700:4700::1111', '172.32.0.1'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('refuses a private address unless allowed, and says why', async () => {
    expect(await webhookUrlProblem('http://127.0.0.1:9/x', false)).toBe(PRIVATE_ADDRESS_MESSAGE);
    expect(await webhookUrlProblem('http://[::1]:9/x', false)).toBe(PRIVATE_ADDRESS_MESSAGE);
    expect(await webhookUrlProblem('http://localhost:9/x', false)).toBe(PRIVATE_ADDRESS_MESSAGE);
    expect(await webhookUrlProblem('http://127.0.0.1:9/x', true)).toBeNull();
    expect(await webhookUrlProblem('ftp://example.com/x', true)).toMatch(/https:\/\//);
    expect(await webhookUrlProblem('not a url', true)).toMatch(/full address/);
    expect(await webhookUrlProblem('https://user:pw@example.com/', true)).toMatch(/password/);
  });
});

describe('a delivery', () => {
  it('arrives signed, and a 500 is an attempt to try again', async () => {
    const receiver = await startWebhookReceiver();
    try {
      receiver.failNext(1);
      const post = {
        url: receiver.url,
        body: '{"a":1}',
        secret: 'whsec_s',
        eventId: 'e1',
        allowPrivate: true,
      };
      const first = await postWebhook(post);
      expect(first).toMatchObject({
        ok: false,
        statusCode: 500,
        answer: 'Receiver is down for maintenance',
      });
      const second = await postWebhook(post);
      expect(second).toMatchObject({ ok: true, statusCode: 200, answer: 'ok' });
      const got = receiver.received[1]!;
      expect(got.body).toBe('{"a":1}');
      expect(got.headers['parkside-event-id']).toBe('e1');
      expect(
        verifySignature('whsec_s', got.body, got.headers['parkside-signature'] as string),
      ).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it('does not reach a loopback address unless allowed, and never follows a redirect', async () => {
    let hits = 0;
    const server = createServer((req, res) => {
      hits += 1;
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://localhost:${(server.address() as AddressInfo).port}/hook`;
    try {
      const refused = await postWebhook({
        url,
        body: '{}',
        secret: 's',
        eventId: 'e',
        allowPrivate: false,
      });
      expect(refused).toMatchObject({
        ok: false,
        statusCode: null,
        answer: PRIVATE_ADDRESS_MESSAGE,
      });
      expect(hits).toBe(0);
      const redirected = await postWebhook({
        url,
        body: '{}',
        secret: 's',
        eventId: 'e',
        allowPrivate: true,
      });
      expect(redirected.ok).toBe(false);
      expect(redirected.statusCode).toBe(302);
      expect(redirected.answer).toMatch(
        /^Redirect to http:\/\/169\.254\.169\.254\/latest\/meta-data \(not followed\)/,
      );
      expect(hits).toBe(1);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('gives up on an endpoint that does not answer within the timeout', async () => {
    const server = createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow`;
    try {
      const attempt = await postWebhook({
        url,
        body: '{}',
        secret: 's',
        eventId: 'e',
        allowPrivate: true,
        timeoutMs: 300,
      });
      expect(attempt).toMatchObject({
        ok: false,
        statusCode: null,
        answer: 'No answer within 300 ms.',
      });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
