import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';
import { createSmtpTransport } from './smtp-transport';
import { verificationEmail } from './templates';
import { startTestSmtpServer, type TestSmtpServer } from './testing';

const FROM = 'Parkside <no-reply@parkside.test>';
const url = 'https://parkside.test/verify-email?token=abc123&next=/bookings';

describe('SMTP transport against a real SMTP server', () => {
  let server: TestSmtpServer;

  beforeAll(async () => {
    server = await startTestSmtpServer();
  });

  afterEach(() => {
    server.setFailing(false);
  });

  afterAll(async () => {
    await server.close();
  });

  it('listens on a random loopback port', () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`smtp://127.0.0.1:${server.port}`);
  });

  it('delivers a verification email end to end', async () => {
    const mailer = createMailer({ transport: createSmtpTransport(server.url), from: FROM });
    const to = 'dana+verify@example.com';
    // Start waiting before sending: waitFor must also catch messages that arrive later.
    const arriving = server.waitFor((m) => m.to.includes(to));
    await mailer.send({ to, ...verificationEmail({ name: '<b>Dana</b>', url, code: '482 913' }) });
    const received = await arriving;

    expect(received.subject).toBe('Verify your email for Parkside');
    expect(received.to).toEqual([to]);
    expect(received.from).toContain('no-reply@parkside.test');
    expect(received.text).toContain(url);
    expect(received.text).toContain('Hi <b>Dana</b>,');
    expect(received.html).toContain(
      '<a href="https://parkside.test/verify-email?token=abc123&amp;next=/bookings"',
    );
    expect(received.html).toContain('Hi &lt;b&gt;Dana&lt;/b&gt;,');
    expect(received.receivedAt).toBeInstanceOf(Date);
    expect(server.messages).toContain(received);

    // Already-received messages resolve immediately.
    await expect(server.waitFor((m) => m.to.includes(to))).resolves.toBe(received);
  });

  it('surfaces a refusing server as a rejected send, then recovers', async () => {
    const mailer = createMailer({ transport: createSmtpTransport(server.url), from: FROM });
    const to = 'dana+failing@example.com';
    const content = verificationEmail({ name: 'Dana', url, code: '482 913' });

    server.setFailing(true);
    await expect(mailer.send({ to, ...content })).rejects.toThrow(/550|rejected/i);
    expect(server.messages.some((m) => m.to.includes(to))).toBe(false);

    server.setFailing(false);
    await mailer.send({ to, ...content });
    await expect(server.waitFor((m) => m.to.includes(to))).resolves.toMatchObject({
      subject: 'Verify your email for Parkside',
    });
  });

  it('refuses each failing address on its own: turning one back on leaves the other refused', async () => {
    const mailer = createMailer({ transport: createSmtpTransport(server.url), from: FROM });
    const content = verificationEmail({ name: 'Dana', url, code: '482 913' });
    server.setFailing('Ann@example.com', true);
    server.setFailing('bo@example.com', true);
    server.setFailing('bo@example.com', false);
    await expect(mailer.send({ to: 'ann@example.com', ...content })).rejects.toThrow(/550/);
    await mailer.send({ to: 'bo@example.com', ...content });
    await mailer.send({ to: 'cy@example.com', ...content });
    server.setFailing(false);
    await mailer.send({ to: 'ann@example.com', ...content });
  });

  it('waitFor rejects after the timeout, listing what did arrive', async () => {
    await expect(server.waitFor((m) => m.subject === 'never sent', 200)).rejects.toThrow(
      /no matching email within 200 ms\. \d+ message\(s\) arrived:[\s\S]*Verify your email for Parkside/,
    );
  });
});

describe('SMTP transport against a dead server', () => {
  it('rejects when nothing listens on the port', async () => {
    const server = await startTestSmtpServer();
    const deadUrl = server.url;
    await server.close();

    const mailer = createMailer({ transport: createSmtpTransport(deadUrl), from: FROM });
    await expect(
      mailer.send({
        to: 'dana@example.com',
        ...verificationEmail({ name: 'Dana', url, code: '482 913' }),
      }),
    ).rejects.toThrow();
  });

  it('refuses non-SMTP urls up front', () => {
    expect(() => createSmtpTransport('http://127.0.0.1:25')).toThrow(/smtp:\/\//);
    expect(() => createSmtpTransport('not a url')).toThrow(/valid URL/);
  });
});

describe('startTestSmtpServer', () => {
  it('close() rejects pending waiters and can be called twice', async () => {
    const server = await startTestSmtpServer({ port: 0 });
    const pending = server.waitFor(() => true, 60_000);
    await server.close();
    await server.close();
    await expect(pending).rejects.toThrow(/closed/);
  });
});
